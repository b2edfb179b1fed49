#include "text/T5TokenizerConfig.h"

#include "core/ConfigKey.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "text/SentencePieceModel.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

nlohmann::json readJsonIfPresent(const fs::path& path)
{
    std::error_code ec;
    if (!fs::exists(path, ec))
        return nlohmann::json::object();
    auto json = JsonGuard::readFile(path.string());
    if (!json.is_object())
        throw FileError(ErrorCode::BadFile, path.string(), "not a JSON object");
    return json;
}

// A special token is stored either as "</s>" or as an AddedToken dict {"content": "</s>", ...}.
std::string tokenContent(const nlohmann::json& value, const std::string& fallback)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_object() && value.contains("content") && value["content"].is_string())
        return value["content"].get<std::string>();
    return fallback;
}

bool flag(const nlohmann::json& value, const char* key)
{
    return value.contains(key) && value[key].is_boolean() && value[key].get<bool>();
}

AddedToken addedTokenFromJson(const nlohmann::json& value, std::int64_t id, const std::string& file)
{
    if (!value.is_object() || !value.contains("content") || !value["content"].is_string())
        throw FileError(ErrorCode::BadFile, file, "added token " + std::to_string(id) + " has no \"content\"");
    return {value["content"].get<std::string>(), id, flag(value, "lstrip"), flag(value, "rstrip"),
            flag(value, "single_word")};
}

std::vector<AddedToken> addedTokensFromDecoder(const nlohmann::json& decoder, const std::string& file)
{
    std::vector<AddedToken> tokens;
    for (const auto& [idText, value] : decoder.items()) {
        std::int64_t id = 0;
        try {
            id = std::stoll(idText);
        } catch (const std::exception&) {
            throw FileError(ErrorCode::BadFile, file, "added_tokens_decoder key '" + idText + "' is not an id");
        }
        tokens.push_back(addedTokenFromJson(value, id, file));
    }
    return tokens;
}

// Folders saved before transformers 4.34 have no added_tokens_decoder. As transformers then does:
// added_tokens.json entries are added without strip rules; without that file, T5Tokenizer adds
// <extra_id_N> (lstrip/rstrip) at id pieceCount - 1 + extraIds - N; the special tokens are added
// at their SentencePiece ids.
std::vector<AddedToken> legacyAddedTokens(const T5TokenizerConfig& config, const nlohmann::json& addedTokensJson,
                                          const SentencePieceModel& model, const std::string& file)
{
    std::vector<AddedToken> tokens;
    std::set<std::string> seen;
    for (const auto& [content, id] : addedTokensJson.items()) {
        if (!id.is_number_integer())
            throw FileError(ErrorCode::BadFile, file, "id of '" + content + "' is not an integer");
        tokens.push_back({content, id.get<std::int64_t>(), false, false, false});
        seen.insert(content);
    }
    if (addedTokensJson.empty())
        for (int i = 0; i < config.extraIds; ++i) {
            std::string content = "<extra_id_" + std::to_string(i) + ">";
            tokens.push_back({content, model.pieceCount() - 1 + config.extraIds - i, true, true, false});
            seen.insert(content);
        }
    for (const auto& special : {config.padToken, config.eosToken, config.unkToken})
        if (!seen.count(special))
            tokens.push_back({special, model.pieceToId(special), false, false, false});
    return tokens;
}

} // namespace

T5TokenizerConfig T5TokenizerConfig::fromFolder(const std::string& tokenizerDir, const SentencePieceModel& model)
{
    const fs::path dir(tokenizerDir);
    const fs::path configFile = dir / "tokenizer_config.json";
    const auto config = readJsonIfPresent(configFile);
    const auto specialMap = readJsonIfPresent(dir / "special_tokens_map.json");
    if (config.contains("legacy") && config["legacy"].is_boolean() && !config["legacy"].get<bool>())
        throw Error(ErrorCode::UnsupportedModel, configFile.string() +
                                                     ": legacy=false T5 tokenization is not supported "
                                                     "(the T5 tokenizers of the supported models use legacy=true)");
    T5TokenizerConfig out;
    auto special = [&](const char* key, const std::string& fallback) {
        if (config.contains(key))
            return tokenContent(config[key], fallback);
        return specialMap.contains(key) ? tokenContent(specialMap[key], fallback) : fallback;
    };
    out.eosToken = special("eos_token", out.eosToken);
    out.padToken = special("pad_token", out.padToken);
    out.unkToken = special("unk_token", out.unkToken);
    // One added token per id: a hostile count would allocate without end (T5 ships 100).
    readConfigInt(config, "extra_ids", out.extraIds, 0, 100000, configFile.string());
    if (config.contains("model_max_length") && config["model_max_length"].is_number_integer())
        out.modelMaxLength = static_cast<int>(
            std::min<std::int64_t>(config["model_max_length"].get<std::int64_t>(), std::int64_t(1) << 30));
    if (config.contains("added_tokens_decoder") && config["added_tokens_decoder"].is_object())
        out.addedTokens = addedTokensFromDecoder(config["added_tokens_decoder"], configFile.string());
    else {
        const fs::path addedFile = dir / "added_tokens.json";
        out.addedTokens = legacyAddedTokens(out, readJsonIfPresent(addedFile), model, addedFile.string());
    }
    return out;
}

} // namespace framesmith
