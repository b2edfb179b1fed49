// The door's LoRA folders and pairs (framesmith/LoraFiles.h). LoRAs for a two-expert model are
// published as two files whose names differ only in the expert: lightx2v's `high_noise_model` / `low_noise_model`,
// `..._lora_v1.1_high_noise` / `..._low_noise`, Kijai's `..._lora_HIGH_fp16` / `..._LOW_fp16`, and
// Civitai's `..._HighNoise` / `..._LowNoise`. A name word (split at anything but a letter or digit)
// that is high/low or highnoise/lownoise marks the expert; the partner is the same name with it swapped.
#include "framesmith/LoraFiles.h"

#include "framesmith/DataFolders.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <optional>

namespace framesmith {

namespace {

namespace fs = std::filesystem;

struct ExpertWord {
    std::size_t begin = 0; // in the file name
    std::string expert;    // "high" or "low"
};

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

// The one expert word of a file name's stem; none when there is none, or both kinds (ambiguous).
std::optional<ExpertWord> expertWord(const std::string& name)
{
    const std::string stem = fs::path(name).stem().string();
    std::optional<ExpertWord> found;
    bool ambiguous = false;
    for (std::size_t i = 0; i < stem.size();) {
        if (!std::isalnum(static_cast<unsigned char>(stem[i]))) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < stem.size() && std::isalnum(static_cast<unsigned char>(stem[end])))
            ++end;
        const std::string word = lower(stem.substr(i, end - i));
        const std::string expert = word == "high" || word == "highnoise" ? "high"
                                   : word == "low" || word == "lownoise" ? "low"
                                                                         : "";
        if (!expert.empty()) {
            ambiguous = ambiguous || (found && found->expert != expert);
            found = ExpertWord{i, expert};
        }
        i = end;
    }
    return ambiguous ? std::nullopt : found;
}

// `to` written in the letter case of `from` (HIGH -> LOW, High -> Low, high -> low).
std::string inCaseOf(const std::string& from, const std::string& to)
{
    const auto upper = [](char c) { return std::isupper(static_cast<unsigned char>(c)) != 0; };
    std::string out = to;
    const bool allUpper = from.size() > 1 && upper(from[0]) && upper(from[1]);
    for (std::size_t i = 0; i < out.size(); ++i)
        if (allUpper || (i == 0 && upper(from[0])))
            out[i] = char(std::toupper(static_cast<unsigned char>(out[i])));
    return out;
}

bool isSafetensors(const fs::path& path)
{
    return lower(path.extension().string()) == ".safetensors";
}

} // namespace

std::string loraExpertFromName(const std::string& path)
{
    const auto word = expertWord(fs::path(path).filename().string());
    return word ? word->expert : std::string();
}

std::string loraPairPartner(const std::string& path)
{
    const fs::path file(path);
    const std::string name = file.filename().string();
    const auto word = expertWord(name);
    if (!word)
        return {};
    const std::size_t length = word->expert.size();
    const std::string other = word->expert == "high" ? "low" : "high";
    const std::string partnerName =
        name.substr(0, word->begin) + inCaseOf(name.substr(word->begin, length), other) + name.substr(word->begin + length);
    const fs::path partner = file.parent_path() / partnerName;
    std::error_code ec;
    return fs::is_regular_file(partner, ec) ? partner.string() : std::string();
}

std::vector<std::string> loraFolders(const std::vector<std::string>& added)
{
    std::vector<std::string> folders{dataFolder("loras")};
    for (const std::string& folder : added)
        if (!folder.empty() && std::find(folders.begin(), folders.end(), folder) == folders.end())
            folders.push_back(folder);
    return folders;
}

std::vector<LoraFileEntry> findLoraFiles(const std::vector<std::string>& folders)
{
    std::vector<LoraFileEntry> entries;
    for (const std::string& folder : folders) {
        std::error_code ec;
        std::vector<std::string> paths;
        for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec))
            if (it->is_regular_file(ec) && isSafetensors(it->path()))
                paths.push_back(it->path().string());
        std::sort(paths.begin(), paths.end());
        for (const std::string& path : paths)
            entries.push_back({path, loraExpertFromName(path), loraPairPartner(path)});
    }
    return entries;
}

} // namespace framesmith
