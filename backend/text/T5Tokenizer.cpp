#include "text/T5Tokenizer.h"

#include "framesmith/Error.h"
#include "text/SentencePieceModel.h"
#include "text/T5TokenizerConfig.h"

#include <algorithm>
#include <filesystem>

namespace framesmith {

T5Tokenizer T5Tokenizer::fromFolder(const std::string& tokenizerDir)
{
    std::error_code ec;
    if (!std::filesystem::is_directory(tokenizerDir, ec))
        throw FileError(ErrorCode::MissingFile, tokenizerDir, "tokenizer folder not found");
    T5Tokenizer tokenizer;
    tokenizer.m_folder = tokenizerDir;
    tokenizer.m_model = SentencePieceModel::load((std::filesystem::path(tokenizerDir) / "spiece.model").string());
    const auto config = T5TokenizerConfig::fromFolder(tokenizerDir, *tokenizer.m_model);
    tokenizer.m_addedTokens = AddedTokenSplitter(config.addedTokens);
    tokenizer.m_modelMaxLength = config.modelMaxLength;
    tokenizer.m_eosId = tokenizer.tokenToId(config.eosToken);
    tokenizer.m_padId = tokenizer.tokenToId(config.padToken);
    tokenizer.m_unkId = tokenizer.tokenToId(config.unkToken);
    return tokenizer;
}

std::int64_t T5Tokenizer::tokenToId(const std::string& token) const
{
    // _convert_token_to_id_with_added_voc: the added vocabulary first, then sp_model.piece_to_id.
    if (const AddedToken* added = m_addedTokens.find(token))
        return added->id;
    return m_model->pieceToId(token);
}

std::vector<std::string> T5Tokenizer::tokenize(const std::string& text) const
{
    std::vector<std::string> tokens;
    for (const auto& chunk : m_addedTokens.split(text)) {
        if (m_addedTokens.find(chunk)) {
            tokens.push_back(chunk);
            continue;
        }
        // legacy=True: each chunk is encoded on its own and so gets its own dummy-prefix "▁".
        for (auto& piece : m_model->encode(chunk))
            tokens.push_back(std::move(piece.piece));
    }
    return tokens;
}

std::vector<std::int64_t> T5Tokenizer::textIds(const std::string& text) const
{
    std::vector<std::int64_t> ids;
    for (const auto& chunk : m_addedTokens.split(text)) {
        if (const AddedToken* added = m_addedTokens.find(chunk)) {
            ids.push_back(added->id);
            continue;
        }
        for (const auto& piece : m_model->encode(chunk)) {
            const AddedToken* added = m_addedTokens.find(piece.piece);
            ids.push_back(added ? added->id : piece.id);
        }
    }
    return ids;
}

std::vector<std::int64_t> T5Tokenizer::encodeUntruncated(const std::string& text) const
{
    std::vector<std::int64_t> ids = textIds(text);
    // T5Tokenizer._add_eos_if_not_present
    if (ids.empty() || ids.back() != m_eosId)
        ids.push_back(m_eosId);
    return ids;
}

TokenizedText T5Tokenizer::encode(const std::string& text, int maxLength) const
{
    if (maxLength < 1)
        throw InvalidRequestError("maxLength", "must be at least 1 (got " + std::to_string(maxLength) + ")");
    std::vector<std::int64_t> ids = textIds(text);
    TokenizedText out;
    // prepare_for_model reserves one place for </s> (num_special_tokens_to_add) and truncates the
    // prompt to maxLength - 1 tokens before </s> is appended (only if the kept part does not
    // already end with it).
    const std::size_t room = static_cast<std::size_t>(maxLength) - 1;
    if (ids.size() + 1 > static_cast<std::size_t>(maxLength)) {
        out.truncatedCount = static_cast<int>(ids.size() - room);
        ids.resize(room);
    }
    if (ids.empty() || ids.back() != m_eosId)
        ids.push_back(m_eosId);
    out.tokenCount = static_cast<int>(ids.size());
    out.attentionMask.assign(static_cast<std::size_t>(maxLength), 0);
    std::fill(out.attentionMask.begin(), out.attentionMask.begin() + out.tokenCount, 1);
    ids.resize(static_cast<std::size_t>(maxLength), m_padId);
    out.ids = std::move(ids);
    return out;
}

} // namespace framesmith
