#pragma once
// diffusers pipeline_wan's prompt_clean, which every Wan pipeline applies to each prompt (negative
// prompts too) before the tokenizer: basic_clean (ftfy.fix_text, html.unescape twice, strip), then
// whitespace_clean (re.sub(r"\s+", " ", text).strip() with `import regex as re`: the regex module's
// \s). Built from the shared Python-semantics text code (text/python/). Stateless; any thread.
#include <string>

namespace framesmith {

class WanPromptCleaner {
public:
    // Every stage, as the fixtures record them (UTF-8).
    struct Stages {
        std::string afterFixText;        // ftfy.fix_text(raw)
        std::string afterUnescapeTwice;  // html.unescape(html.unescape(...)), not yet stripped
        std::string cleaned;             // prompt_clean(raw): what the tokenizer sees
    };

    static Stages stages(const std::string& raw);
    static std::string clean(const std::string& raw) { return stages(raw).cleaned; }
};

} // namespace framesmith
