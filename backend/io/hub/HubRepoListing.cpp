#include "io/hub/HubRepoListing.h"

#include "framesmith/HubError.h"
#include "io/JsonGuard.h"
#include "io/hub/HubReplyCheck.h"

#include <fnmatch.h>

#include <cctype>
#include <cstdio>

namespace framesmith {

namespace {

bool isNameCharacter(unsigned char c)
{
    return std::isalnum(c) || c == '-' || c == '_' || c == '.';
}

bool isHex(const std::string& text, std::size_t length)
{
    if (text.size() != length)
        return false;
    for (unsigned char c : text)
        if (!std::isxdigit(c))
            return false;
    return true;
}

// A path from the reply becomes a file under snapshots/COMMIT: nothing absolute, empty, "." or "..".
bool isSafeRelativePath(const std::string& path)
{
    if (path.empty() || path.front() == '/' || path.find('\\') != std::string::npos || path.find('\0') != std::string::npos)
        return false;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string part = path.substr(start, end - start);
        if (part.empty() || part == "." || part == "..")
            return false;
        start = end + 1;
    }
    return true;
}

} // namespace

void HubRepoListing::validateRepoId(const std::string& repoId)
{
    const auto slash = repoId.find('/');
    bool ok = slash != std::string::npos && slash > 0 && slash + 1 < repoId.size() &&
              repoId.find('/', slash + 1) == std::string::npos && repoId.find("..") == std::string::npos &&
              repoId.find("--") == std::string::npos && repoId.front() != '.' && repoId.front() != '-';
    for (unsigned char c : repoId)
        ok = ok && (c == '/' || isNameCharacter(c));
    if (!ok)
        throw InvalidRequestError("repo", "'" + repoId + "' is not a Hub repo id: expected ORG/NAME (letters, digits, "
                                          "'-', '_', '.'), e.g. openai/whisper-tiny");
}

HubRepoListing HubRepoListing::parse(const std::string& json, const std::string& repoId, const std::string& revision)
{
    HubRepoListing listing;
    listing.repoId = repoId;
    listing.revision = revision;
    const nlohmann::json reply = JsonGuard::parse(json.data(), json.size(), 16, repoId, "Hub API reply");
    auto bad = [&](const std::string& what) {
        return HubError(HubProblem::Server, repoId, "the Hub API reply " + what + " (is HF_ENDPOINT a Hub or mirror?)");
    };
    if (!reply.is_object() || !reply.contains("sha") || !reply["sha"].is_string() || !reply.contains("siblings") ||
        !reply["siblings"].is_array())
        throw bad("has no commit (sha) or file list (siblings)");
    listing.commit = reply["sha"].get<std::string>();
    if (!isHex(listing.commit, 40))
        throw bad("names a commit that is not a 40-hex hash: '" + listing.commit + "'");
    for (const auto& sibling : reply["siblings"]) {
        if (!sibling.is_object() || !sibling.contains("rfilename") || !sibling["rfilename"].is_string())
            throw bad("lists a file without a name");
        HubFile file;
        file.path = sibling["rfilename"].get<std::string>();
        if (!isSafeRelativePath(file.path))
            throw bad("lists a file path that would leave the snapshot folder: '" + file.path + "'");
        const auto lfs = sibling.find("lfs");
        if (lfs != sibling.end() && lfs->is_object() && lfs->contains("sha256") && (*lfs)["sha256"].is_string()) {
            file.checksum = (*lfs)["sha256"].get<std::string>();
            if (lfs->contains("size") && (*lfs)["size"].is_number_unsigned())
                file.size = (*lfs)["size"].get<std::uint64_t>();
        } else if (sibling.contains("blobId") && sibling["blobId"].is_string()) {
            file.checksum = sibling["blobId"].get<std::string>();
        }
        if (sibling.contains("size") && sibling["size"].is_number_unsigned())
            file.size = sibling["size"].get<std::uint64_t>();
        if (!isHex(file.checksum, 64) && !isHex(file.checksum, 40))
            throw bad("gives no sha256 or blob id for " + file.path + " (it must be asked with ?blobs=true)");
        listing.files.push_back(std::move(file));
    }
    return listing;
}

HubRepoListing HubRepoListing::fetch(const HubClient& client, const HubRepoRequest& request, const CancelToken& cancel)
{
    validateRepoId(request.repoId);
    if (request.revision.empty())
        throw InvalidRequestError("revision", "empty: give a branch, tag or commit (main by default)");
    const HubResponse response = client.get(apiUrl(client.settings(), request.repoId, request.revision), cancel);
    if (response.wasCancelled)
        throw CancelledError("the file list of " + request.repoId);
    if (!response.transferError.empty())
        throw HubError(HubProblem::Network, request.repoId,
                       "could not reach " + client.settings().endpoint + ": " + response.transferError +
                           " (check the connection; HF_ENDPOINT chooses a mirror)");
    HubReplyCheck::requireSuccess(response, request.repoId, request.repoId, request.revision, client.settings());
    HubRepoListing listing = parse(response.body, request.repoId, request.revision);
    std::vector<HubFile> kept;
    for (auto& file : listing.files)
        if (isIncluded(file.path, request.includes))
            kept.push_back(std::move(file));
    if (kept.empty() && !listing.files.empty())
        throw InvalidRequestError("include", "no file of " + request.repoId + " matches the --include patterns given");
    listing.files = std::move(kept);
    return listing;
}

bool HubRepoListing::isIncluded(const std::string& path, const std::vector<std::string>& includes)
{
    if (includes.empty())
        return true;
    for (const auto& glob : includes)
        if (::fnmatch(glob.c_str(), path.c_str(), 0) == 0)
            return true;
    return false;
}

std::uint64_t HubRepoListing::totalBytes() const
{
    std::uint64_t total = 0;
    for (const auto& file : files)
        total += file.size;
    return total;
}

std::string HubRepoListing::encode(const std::string& text, bool keepSlashes)
{
    std::string out;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || (keepSlashes && c == '/')) {
            out += static_cast<char>(c);
        } else {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", c);
            out += escaped;
        }
    }
    return out;
}

std::string HubRepoListing::apiUrl(const HubSettings& settings, const std::string& repoId, const std::string& revision)
{
    return settings.endpoint + "/api/models/" + repoId + "/revision/" + encode(revision, false) + "?blobs=true";
}

std::string HubRepoListing::resolveUrl(const HubSettings& settings, const std::string& repoId,
                                       const std::string& revision, const std::string& path)
{
    return settings.endpoint + "/" + repoId + "/resolve/" + encode(revision, false) + "/" + encode(path, true);
}

} // namespace framesmith
