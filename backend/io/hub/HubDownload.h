#pragma once
// Fetches whole repo snapshots (or the files --include picks) into the Hub cache: lists every repo
// first (HubRepoListing), checks the disk can hold what is missing, then fetches file by file
// (HubFileDownload), links each into snapshots/<commit>/ and writes refs/<revision>. Files already
// in the cache are kept; partial ones continue. Progress (with rate and ETA) goes to a callback on
// the calling thread. Blocking: never on the GUI thread.
#include "framesmith/ModelDownloads.h"
#include "io/hub/HubFileDownload.h"
#include "io/hub/HubRepoListing.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace framesmith {

class HubDownload {
public:
    struct Options {
        HubFileDownload::Options file;
        // Free bytes on the disk holding a folder; the default asks the file system. Tests give
        // their own to play a disk that is too small.
        std::function<std::uint64_t(const std::string& folder)> freeBytes;
    };

    explicit HubDownload(HubSettings settings, Options options = {});

    std::vector<HubRepoListing> list(const std::vector<HubRepoRequest>& repos, const CancelToken& cancel) const;
    std::vector<DownloadedRepo> run(const std::vector<HubRepoRequest>& repos,
                                    const ModelDownloads::ProgressCallback& progress, const CancelToken& cancel) const;

private:
    // Bytes still to fetch for the listings (minus blobs present and partial files kept).
    std::uint64_t missingBytes(const std::vector<HubRepoListing>& listings) const;
    void requireSpace(const std::vector<HubRepoListing>& listings) const;

    HubSettings m_settings;
    Options m_options;
};

} // namespace framesmith
