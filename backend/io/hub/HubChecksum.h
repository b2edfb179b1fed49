#pragma once
// The name the Hub gives a file's bytes, computed from a file on disk: the sha256 for LFS files,
// the git blob id (sha1) for regular ones, told apart by the expected value's length. Reads the
// file once; stops early when cancelled. Torch-free; any thread.
#include "framesmith/CancelToken.h"

#include <string>

namespace framesmith {

class HubChecksum {
public:
    // True when `expected` is a 64-hex sha256 (else it is a 40-hex git blob id).
    static bool isSha256(const std::string& expected);
    // The digest of `path` in the kind `expected` is; throws FileError(Io) when it cannot be read,
    // CancelledError when asked to stop.
    static std::string of(const std::string& path, const std::string& expected, const CancelToken& cancel);
};

} // namespace framesmith
