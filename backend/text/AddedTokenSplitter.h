#pragma once
// Splits text on a tokenizer's added tokens before SentencePiece sees it, as transformers'
// slow tokenizers do (PreTrainedTokenizer.tokenize with a Trie): leftmost-longest matches, then
// each token's lstrip/rstrip/single_word rules applied to its neighbours, then empty chunks dropped.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

struct AddedToken {
    std::string content;
    std::int64_t id = 0;
    bool lstrip = false;     // strip whitespace to the left (from the previous chunk)
    bool rstrip = false;     // strip whitespace to the right (from the next chunk)
    bool singleWord = false; // only a token when not glued to a word
};

class AddedTokenSplitter {
public:
    AddedTokenSplitter() = default;
    explicit AddedTokenSplitter(std::vector<AddedToken> tokens);

    // Chunks of `text` in order; a chunk equal to an added token's content is that token.
    std::vector<std::string> split(const std::string& text) const;
    const AddedToken* find(const std::string& content) const; // nullptr when not an added token
    const std::vector<AddedToken>& tokens() const { return m_tokens; }

private:
    std::vector<std::string> cutAtMatches(const std::string& text) const;
    void applyStripRules(std::vector<std::string>& chunks) const;

    std::vector<AddedToken> m_tokens;
    std::map<std::string, std::size_t> m_byContent;
};

} // namespace framesmith
