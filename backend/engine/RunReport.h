#pragma once
// The memory report of one run (GenerateOptions::memoryReportPath, else $FRAMESMITH_MEMORY_REPORT)
// as JSON: the measured per-stage peaks (GenerationMemory) and what the placement carried out: the
// plan, how many transformer blocks streamed, the weight traffic and residency per device, the
// weight peaks per stage and what stayed loaded for the next generation. bench/gpu reads it; tests
// read it to see that a preset was carried out. The worker thread.
#include "framesmith/GenerationEvents.h"
#include "framesmith/GenerationResult.h"

#include <string>

namespace framesmith {

class GenerationMemory;
class RuntimePlacement;

class RunReport {
public:
    static std::string pathFor(const std::string& asked); // asked, else the variable, else ""
    // Written to a temporary name, then renamed; a failure is reported to `sink` as a warning.
    static void write(const std::string& path, const GenerationMemory& memory, const RuntimePlacement& placement,
                      const GenerationResult& result, ProgressSink& sink);
};

} // namespace framesmith
