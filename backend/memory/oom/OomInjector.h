#pragma once
// Fault injection for out-of-memory recovery: FRAMESMITH_INJECT_OOM=<stage>[:<step>][:<count>]
// raises c10::OutOfMemoryError at that point, so recovery can be proven on a CPU-only machine.
//   stage  text-encode | denoise | vae-decode | export
//   step   1-based denoising step (or chunk/tile counter of other stages); empty or "*": any
//   count  how many times to raise (default 1); 0: every time (recovery must give up)
// Examples: "vae-decode", "denoise:3", "denoise::2", "text-encode:*:0". One thread.
#include "framesmith/Stage.h"

#include <string>

namespace framesmith {

class OomInjector {
public:
    static constexpr const char* kVariable = "FRAMESMITH_INJECT_OOM";

    OomInjector() = default;                          // inactive
    static OomInjector parse(const std::string& spec); // throws InvalidRequestError naming the variable
    static OomInjector fromEnvironment();              // inactive when unset or empty

    bool isActive() const { return m_stage != Stage::Invalid; }
    Stage stage() const { return m_stage; }
    int step() const { return m_step; }
    int remaining() const { return m_remaining; }     // -1: unlimited
    // Throws c10::OutOfMemoryError if this point matches (step 0: the stage start, matches only "any").
    void check(Stage stage, int step = 0);

private:
    Stage m_stage = Stage::Invalid;
    int m_step = 0;        // 0: any
    int m_remaining = 0;   // -1: unlimited
    std::string m_spec;
};

} // namespace framesmith
