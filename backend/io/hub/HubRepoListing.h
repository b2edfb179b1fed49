#pragma once
// The files of one repo revision as the Hub API lists them
// (GET {endpoint}/api/models/{repo}/revision/{rev}?blobs=true): the commit, and for each file its
// path, size and checksum (the LFS sha256, else the git blob id). Refuses a reply that is not what
// the Hub sends, and paths that would leave the snapshot folder. Any thread.
#include "framesmith/ModelDownloads.h"
#include "io/hub/HubClient.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

struct HubFile {
    std::string path;      // relative to the repo, '/'-separated
    std::uint64_t size = 0;
    std::string checksum;  // 64 hex: LFS sha256; 40 hex: git blob sha1 (also the cache's blob name)
};

class HubRepoListing {
public:
    std::string repoId;
    std::string revision;
    std::string commit;
    std::vector<HubFile> files;

    // Throws InvalidRequestError("repo") unless `repoId` is "org/name" of letters, digits, '-', '_', '.'.
    static void validateRepoId(const std::string& repoId);
    // Parses the API reply; throws HubError(Server) naming the repo when it is malformed.
    static HubRepoListing parse(const std::string& json, const std::string& repoId, const std::string& revision);
    // Asks the Hub (HubReplyCheck's errors), keeping only the files the includes match.
    static HubRepoListing fetch(const HubClient& client, const HubRepoRequest& request, const CancelToken& cancel);

    // huggingface-cli's --include: fnmatch, '*' also crossing '/'; no globs matches every file.
    static bool isIncluded(const std::string& path, const std::vector<std::string>& includes);
    std::uint64_t totalBytes() const;

    // URL pieces, percent-encoded as huggingface_hub does.
    static std::string encode(const std::string& text, bool keepSlashes);
    static std::string apiUrl(const HubSettings& settings, const std::string& repoId, const std::string& revision);
    static std::string resolveUrl(const HubSettings& settings, const std::string& repoId, const std::string& revision,
                                  const std::string& path);
};

} // namespace framesmith
