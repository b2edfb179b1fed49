#pragma once
// The Hugging Face cache layout huggingface_hub writes and reads, for one repo:
//   CACHE/models--ORG--NAME/blobs/<sha256 or git blob id>          the bytes, once
//   CACHE/models--ORG--NAME/blobs/<...>.incomplete                 a download under way (resumable)
//   CACHE/models--ORG--NAME/snapshots/<commit>/<path>              relative symlinks into blobs/
//   CACHE/models--ORG--NAME/refs/<revision>                        the commit a branch/tag names
// so a model fetched here is shared with Python tools and found by ModelDiscovery. Any thread.
#include "io/hub/HubRepoListing.h"

#include <string>

namespace framesmith {

class HubCacheLayout {
public:
    HubCacheLayout(std::string cacheDir, std::string repoId);

    std::string repoFolder() const;
    std::string blobPath(const std::string& checksum) const;
    std::string incompletePath(const std::string& checksum) const;
    std::string snapshotFolder(const std::string& commit) const;
    std::string snapshotFile(const std::string& commit, const std::string& path) const;

    // True when the blob is there with the listed size (a finished download; checked when written).
    bool hasBlob(const HubFile& file) const;
    // Links snapshots/<commit>/<path> to the blob (relative, as huggingface_hub does; a copy where
    // the file system has no symlinks), replacing whatever was there. Throws FileError(Io).
    void linkSnapshotFile(const std::string& commit, const HubFile& file) const;
    // refs/<revision> = commit, unless the revision is the commit itself. Throws FileError(Io).
    void writeRef(const std::string& revision, const std::string& commit) const;

private:
    std::string m_cacheDir;
    std::string m_repoId;
};

} // namespace framesmith
