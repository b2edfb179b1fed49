#pragma once
// CPU threads for torch's intra-op pool. Debian's libtorch starts with one thread, which halves
// CPU speed on a two-core machine; torch's setting is per process but must be applied before the
// first parallel op, so the engine and the CLI call this once at start.
namespace framesmith {

class ComputeThreads {
public:
    // FRAMESMITH_THREADS, else OMP_NUM_THREADS, else every hardware thread. Returns the count set.
    static int apply();
    static int wanted(); // the count apply() would set, without setting it
};

} // namespace framesmith
