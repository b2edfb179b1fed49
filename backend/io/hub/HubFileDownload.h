#pragma once
// One file of a repo snapshot into the cache: appended to blobs/<checksum>.incomplete from where a
// previous try stopped (Range), resumed by itself when the connection drops (a few times), checked
// against the Hub's checksum (a mismatch: removed and fetched once more), then renamed to its blob.
// A full disk, a cancel or too many drops keep the partial file for the next try. Blocking.
#include "io/hub/HubCacheLayout.h"
#include "io/hub/HubClient.h"

#include <cstdint>
#include <functional>
#include <string>

namespace framesmith {

class HubFileDownload {
public:
    struct Options {
        int maxResumes = 5;       // drops in a row survived per file
        int retryDelayMs = 500;   // doubled after each drop, at most 8 s
    };

    HubFileDownload(const HubClient& client, const HubCacheLayout& layout, std::string repoId, std::string commit,
                    Options options);
    HubFileDownload(const HubClient& client, const HubCacheLayout& layout, std::string repoId, std::string commit)
        : HubFileDownload(client, layout, std::move(repoId), std::move(commit), Options{}) {}

    // Leaves the blob in place (not yet linked); `onDisk` gets the bytes of the file on disk as they
    // grow. Returns the bytes fetched over the network. Throws HubError, CancelledError, FileError.
    std::uint64_t run(const HubFile& file, const std::function<void(std::uint64_t onDisk)>& onDisk,
                      const CancelToken& cancel) const;

private:
    struct Attempt {
        std::uint64_t bytesAdded = 0;
        std::string dropReason; // "" when the transfer ended normally
    };
    // One transfer from the partial file's end. Throws for what a retry cannot fix.
    Attempt fetchRest(const HubFile& file, const std::function<void(std::uint64_t)>& onDisk,
                      const CancelToken& cancel) const;
    // Why the transfer ended early and may be retried ("" when it ended normally); throws for a
    // cancel, a full disk, or an answer a retry cannot change.
    std::string judge(const HubResponse& response, const HubFile& file, std::uint64_t onDiskBytes,
                      int writeErrno) const;
    // Fetches until the partial file has the listed size (resuming drops); returns bytes fetched.
    std::uint64_t fetchWhole(const HubFile& file, const std::function<void(std::uint64_t)>& onDisk,
                             const CancelToken& cancel) const;
    std::string where(const HubFile& file) const { return m_repoId + "/" + file.path; }

    const HubClient& m_client;
    const HubCacheLayout& m_layout;
    std::string m_repoId;
    std::string m_commit;
    Options m_options;
};

} // namespace framesmith
