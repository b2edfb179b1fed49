#pragma once
// libtorch's CPU allocator for large tensors (1 MiB and up): a freed block stays mapped and goes
// to the next request of the same size, instead of back to the system and in again page fault
// by page fault. A decode repeats the same window and activation sizes layer after layer; with
// glibc those blocks either came back from the kernel, freshly zeroed, every time (above its mmap
// threshold), or fragmented its heap (below it): +40 MiB of resident set over the live tensors.
//
// The budget keeps the resident set at the working set's own peak: live plus cached blocks never
// exceed the most that was live at once since the last release(). A request that finds no block
// of its size unmaps the least recently freed ones until it fits under that mark. release() (at
// every cache release: stage ends, OOM rungs, generation end) unmaps all of them and restarts
// the mark. Install once per process, before CpuAllocationTracker (which wraps the allocator
// current at its own install), and before the tensors it should serve are created.
#include <cstdint>

namespace framesmith {

class HostBlockCache {
public:
    static constexpr std::int64_t kSmallestBlock = std::int64_t{1} << 20;

    static void install(); // idempotent
    static bool isInstalled();
    static void release();
    static std::int64_t cachedBytes();
    static std::int64_t liveBytes(); // large blocks in use
};

} // namespace framesmith
