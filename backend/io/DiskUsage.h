#pragma once
// Bytes a folder takes, following symlinks (the Hugging Face cache links snapshot files into
// blobs/) and counting each underlying file once, however many links point at it. Torch-free.
#include <cstdint>
#include <string>

namespace framesmith {

class DiskUsage {
public:
    // Sum of the sizes of the distinct regular files reachable from `path` (a file or a folder).
    // Unreadable entries and dangling links count as 0; symlink cycles are visited once.
    static std::uint64_t bytes(const std::string& path);
};

} // namespace framesmith
