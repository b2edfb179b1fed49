#pragma once
// Performs the real weight transfers a PlacementExecutor decides on (Module::to, pinned host
// copies, side-stream prefetch). A dry run (the planner) has none; the ledger is kept either way.
#include <string>

namespace framesmith {

class WeightTransport {
public:
    virtual ~WeightTransport() = default;
    // Moves every weight of `module` (a PlacementPlan module name) to `device` ("cpu", "cuda:N").
    virtual void moveModule(const std::string& module, const std::string& device) = 0;
    // Streaming: starts an extra copy of one block on `device` (may be asynchronous) ...
    virtual void prefetchBlock(int block, const std::string& device) = 0;
    // ... makes sure it has arrived before the block runs ...
    virtual void awaitBlock(int block, const std::string& device) = 0;
    // ... and frees that copy once the block ran (the host copy stays).
    virtual void dropBlock(int block, const std::string& device) = 0;
    // Around every block's run, streamed or not: a block stored quantized is widened to its
    // compute dtype on `device` and narrowed back (the wide copy freed) once it ran.
    virtual void widenBlock(int block, const std::string& device) = 0;
    virtual void narrowBlock(int block) = 0;
};

} // namespace framesmith
