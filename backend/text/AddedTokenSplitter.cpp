#include "text/AddedTokenSplitter.h"

#include "text/python/PythonWhitespace.h"

namespace framesmith {

AddedTokenSplitter::AddedTokenSplitter(std::vector<AddedToken> tokens) : m_tokens(std::move(tokens))
{
    for (std::size_t i = 0; i < m_tokens.size(); ++i)
        if (!m_tokens[i].content.empty())
            m_byContent[m_tokens[i].content] = i;
}

const AddedToken* AddedTokenSplitter::find(const std::string& content) const
{
    auto it = m_byContent.find(content);
    return it == m_byContent.end() ? nullptr : &m_tokens[it->second];
}

std::vector<std::string> AddedTokenSplitter::cutAtMatches(const std::string& text) const
{
    // transformers' Trie.split: the earliest match wins, the longest at that position; byte-wise
    // matching on UTF-8 finds exactly the code-point matches. Empty pieces are dropped (cut_text).
    std::vector<std::string> chunks;
    std::size_t chunkStart = 0, i = 0;
    while (i < text.size()) {
        std::size_t best = 0;
        for (const auto& [content, index] : m_byContent)
            if (content.size() > best && text.compare(i, content.size(), content) == 0)
                best = content.size();
        if (best == 0) {
            ++i;
            continue;
        }
        if (i > chunkStart)
            chunks.push_back(text.substr(chunkStart, i - chunkStart));
        chunks.push_back(text.substr(i, best));
        i += best;
        chunkStart = i;
    }
    if (chunkStart < text.size())
        chunks.push_back(text.substr(chunkStart));
    return chunks;
}

void AddedTokenSplitter::applyStripRules(std::vector<std::string>& chunks) const
{
    // PreTrainedTokenizer.tokenize, in its order: neighbours are edited in place as the loop goes.
    for (std::size_t i = 0; i < chunks.size(); ++i) {
        const AddedToken* token = find(chunks[i]);
        if (!token)
            continue;
        // The neighbours as they were before this token's edits (the reference tests those).
        const std::string left = i > 0 ? chunks[i - 1] : std::string();
        const std::string right = i + 1 < chunks.size() ? chunks[i + 1] : std::string();
        if (token->rstrip && !right.empty())
            chunks[i + 1] = pythonLStrip(right);
        if (token->lstrip && !left.empty())
            chunks[i - 1] = pythonRStrip(left);
        if (token->singleWord && !left.empty() && left.back() != ' ') {
            chunks[i - 1] += chunks[i];
            chunks[i].clear();
        } else if (token->singleWord && !right.empty() && right.front() != ' ') {
            chunks[i] += right;
            chunks[i + 1].clear();
        }
    }
}

std::vector<std::string> AddedTokenSplitter::split(const std::string& text) const
{
    std::vector<std::string> chunks = cutAtMatches(text);
    applyStripRules(chunks);
    std::vector<std::string> kept;
    for (auto& chunk : chunks)
        if (!chunk.empty())
            kept.push_back(std::move(chunk));
    return kept;
}

} // namespace framesmith
