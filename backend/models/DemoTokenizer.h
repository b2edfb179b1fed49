#pragma once
// The project's small T5 SentencePiece tokenizer (resources/demo-tokenizer, made by
// scripts/make-demo-tokenizer.sh) that every family's demo model copies. Any thread.
#include <string>
#include <vector>

namespace framesmith {

class DemoTokenizer {
public:
    // The files a T5Tokenizer folder needs (spiece.model, tokenizer_config.json, ...).
    static const std::vector<std::string>& files();
    // $FRAMESMITH_DEMO_TOKENIZER, <exe>/../share/framesmith/demo-tokenizer, or
    // <exe>/../../resources/demo-tokenizer (a build tree). Throws FileError(MissingFile).
    static std::string findDir();
    // Copies the tokenizer into `targetDir` (created). Throws FileError naming a missing file.
    static void copyTo(const std::string& tokenizerDir, const std::string& targetDir);
    // Ids the tokenizer can produce (the largest added token id + 1): the text encoder's vocab_size.
    static int vocabSize(const std::string& tokenizerDir);
};

} // namespace framesmith
