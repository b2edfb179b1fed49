#pragma once
// What this process may really use of the host's RAM, which is less than the machine has: the
// kernel's MemAvailable, the memory limit of the process's cgroup (v2 memory.max, or v1
// memory.limit_in_bytes, the tightest along the path to the hierarchy's root, less what the group
// uses beyond reclaimable page cache) and the address-space limit (RLIMIT_AS, `ulimit -v`, less
// what is mapped already). A run that passes one of them is killed without a word (the OOM
// killer) or fails in malloc, so the planner checks the host's bytes against the smallest.
// RLIMIT_MEMLOCK is read and shown: it bounds mlock, but CUDA's pinned allocator (cudaHostAlloc)
// pins through the driver and is not held to it, so it is not a verdict term.
// The roots are parameters so tests read a fake /proc and cgroup tree. Any thread.
#include <cstdint>
#include <string>

namespace framesmith {

struct HostMemorySources {
    std::string procRoot = "/proc";             // meminfo, self/cgroup, self/status
    std::string cgroupRoot = "/sys/fs/cgroup";  // v2 unified (cgroup.controllers at the top) or v1 (memory/)
    bool readProcessLimits = true;              // getrlimit (false: tests of a fake tree)
};

struct HostMemoryLimits {
    static constexpr std::int64_t kUnlimited = -1;

    std::int64_t memTotalBytes = 0;
    std::int64_t memAvailableBytes = 0;
    int cgroupVersion = 0;                        // 0: no memory controller found
    std::string cgroupLimitFile;                  // the file that set cgroupLimitBytes
    std::int64_t cgroupLimitBytes = kUnlimited;
    std::int64_t cgroupUsedBytes = 0;             // usage less inactive page cache, where the limit is
    std::int64_t addressSpaceLimitBytes = kUnlimited; // RLIMIT_AS (soft)
    std::int64_t addressSpaceUsedBytes = 0;       // VmSize
    std::int64_t memlockLimitBytes = kUnlimited;  // RLIMIT_MEMLOCK (soft)

    static HostMemoryLimits read(const HostMemorySources& sources = {});

    // The least of the three: MemAvailable, the cgroup's room, the address space's room (>= 0).
    std::int64_t usableBytes() const;
    // What sets usableBytes() when it is not MemAvailable, naming what sets it; "" otherwise. E.g.
    // "the cgroup v1 memory limit (/sys/fs/cgroup/memory/x/memory.limit_in_bytes: 4.0 GiB, 1.2 GiB used; set by ...)".
    std::string limitingFactor() const;
    // The whole picture on one line, for `framesmith-cli plan` and the logs.
    std::string describe() const;
};

} // namespace framesmith
