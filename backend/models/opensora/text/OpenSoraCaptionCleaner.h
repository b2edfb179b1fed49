#pragma once
// Open-Sora 1.2's prompt preparation (opensora/models/text_encoder/t5.py, utils/inference_utils.py):
// append_score_to_prompts, and text_preprocessing = clean_caption applied twice: unquote_plus,
// strip + lower-case, URL removal, BeautifulSoup html.parser text, @handles, CJK ranges, dash and
// quote normalisation, entity leftovers, IP addresses, ids, file names, punctuation runs, the
// "this-is-a-slug" rule, basic_clean (ftfy.fix_text, html.unescape twice, strip), then the id,
// shipping/download, size and spacing rules, every regex in the reference's order and with
// Python's Unicode semantics. Time linear in the text (the regexes run on a Pike VM, the HTML
// parser remembers failed searches); a cancel is checked between rules. Stateless; any thread.
#include <optional>
#include <string>

namespace framesmith {

class CancelToken;

class OpenSoraCaptionCleaner {
public:
    // One pass of clean_caption. Throws CancelledError when `cancel` asks to stop.
    static std::u32string cleanCaption(const std::u32string& caption, const CancelToken* cancel = nullptr);
    // text_preprocessing(text): clean_caption(clean_caption(text)). UTF-8 in and out.
    static std::string textPreprocessing(const std::string& text, const CancelToken* cancel = nullptr);
    // append_score_to_prompts([prompt], aes, flow)[0]: " aesthetic score: {aes:.1f}." and
    // " motion score: {flow:.1f}." unless the prompt already holds "aesthetic score:" /
    // "motion score:". Throws InvalidRequestError for a score that is not finite.
    static std::string appendScores(const std::string& prompt, std::optional<double> aestheticScore,
                                    std::optional<double> flowScore);
};

} // namespace framesmith
