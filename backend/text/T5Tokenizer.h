#pragma once
// The slow transformers T5Tokenizer (legacy=True) as the diffusers video pipelines call it: added tokens
// split first, SentencePiece on each chunk, </s> appended unless present, truncation to
// maxLength - 1 tokens + </s>, right padding with <pad>. Torch-free; const methods are thread-safe.
#include "text/AddedTokenSplitter.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class SentencePieceModel;

struct TokenizedText {
    std::vector<std::int64_t> ids;           // [maxLength]
    std::vector<std::int64_t> attentionMask; // [maxLength], 1 for tokens, 0 for padding
    int tokenCount = 0;     // tokens kept, </s> included (the mask's sum)
    int truncatedCount = 0; // prompt tokens cut off by truncation (0 when everything fits)
};

class T5Tokenizer {
public:
    // tokenizerDir holds spiece.model and the transformers JSON files. Throws FileError/Error.
    static T5Tokenizer fromFolder(const std::string& tokenizerDir);

    // tokenizer(text, padding="max_length", max_length=maxLength, truncation=True).
    TokenizedText encode(const std::string& text, int maxLength = 226) const;
    // tokenizer(text).input_ids: every token and </s>, no truncation or padding.
    std::vector<std::int64_t> encodeUntruncated(const std::string& text) const;
    // tokenizer.tokenize(text): SentencePiece pieces and added tokens, before ids.
    std::vector<std::string> tokenize(const std::string& text) const;

    std::int64_t eosId() const { return m_eosId; }
    std::int64_t padId() const { return m_padId; }
    std::int64_t unkId() const { return m_unkId; }
    int modelMaxLength() const { return m_modelMaxLength; }
    const std::string& folder() const { return m_folder; }

private:
    T5Tokenizer() = default;
    std::int64_t tokenToId(const std::string& token) const; // convert_tokens_to_ids for one token
    std::vector<std::int64_t> textIds(const std::string& text) const; // no </s>

    std::string m_folder;
    std::shared_ptr<const SentencePieceModel> m_model;
    AddedTokenSplitter m_addedTokens;
    std::int64_t m_eosId = 1, m_padId = 0, m_unkId = 2;
    int m_modelMaxLength = 226;
};

} // namespace framesmith
