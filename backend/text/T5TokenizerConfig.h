#pragma once
// What a transformers T5Tokenizer folder says, parsed once: special tokens, added tokens with their
// strip rules, model_max_length. Reads tokenizer_config.json (added_tokens_decoder), falling back
// to special_tokens_map.json / added_tokens.json and T5Tokenizer's defaults for older folders.
#include "text/AddedTokenSplitter.h"

#include <string>
#include <vector>

namespace framesmith {

class SentencePieceModel;

struct T5TokenizerConfig {
    std::string eosToken = "</s>";
    std::string padToken = "<pad>";
    std::string unkToken = "<unk>";
    int extraIds = 100;
    int modelMaxLength = 226;
    std::vector<AddedToken> addedTokens;

    // Throws FileError naming the file for unreadable JSON, UnsupportedModel for legacy=false.
    static T5TokenizerConfig fromFolder(const std::string& tokenizerDir, const SentencePieceModel& model);
};

} // namespace framesmith
