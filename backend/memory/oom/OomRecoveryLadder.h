#pragma once
// Runs one stage with out-of-memory recovery. On an OOM it climbs one rung and retries:
// release cached memory, then the levers that help this stage and keep the output the same
// (VAE tiling, smaller tiles, text encoder released or on the CPU, block streaming). Each rung is
// reported ("vae-decode ran out of memory at 17.2 GiB; retried with 144 x 200 pixel tiles").
// When no rung is left it throws framesmith::OutOfMemoryError naming the stage and what was tried;
// the runner has saved the latents before decoding, so nothing denoised is lost.
// The generation worker's thread only.
#include "framesmith/GenerationEvents.h"
#include "framesmith/MemoryPreset.h"
#include "framesmith/Stage.h"

#include <functional>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

namespace framesmith {

class OomRecoveryLadder {
public:
    // Applies a changed preset before the retry (re-plan placement, move modules, retile the VAE).
    using PresetChanged = std::function<void(const MemoryPreset& preset, Stage stage)>;
    using ReleaseCache = std::function<void()>;
    using AllocatedBytes = std::function<std::int64_t()>; // device memory in use now (0: unknown)

    OomRecoveryLadder(MemoryPreset& preset, ProgressSink* sink, PresetChanged onPresetChanged = {},
                      ReleaseCache releaseCache = {}, AllocatedBytes allocatedBytes = {});

    template <class Body>
    auto run(Stage stage, Body&& body) -> std::invoke_result_t<Body&>
    {
        using Result = std::invoke_result_t<Body&>;
        if constexpr (std::is_void_v<Result>) {
            runErased(stage, [&] { body(); });
        } else {
            std::optional<Result> result;
            runErased(stage, [&] { result.emplace(body()); });
            return std::move(*result);
        }
    }

    // Only levers this returns true for are climbed (those the caller can apply at run time);
    // unset: every lever.
    void setLeverFilter(std::function<bool(const std::string& lever)> filter) { m_leverFilter = std::move(filter); }

    // The 1-based denoising step the next run() covers (0: a whole stage), named in the report.
    void setStep(int step) { m_step = step; }

    // Before an OOM happens (another program took memory mid-run): the next rung's lever for
    // `stage` is applied as a retry would apply it, and recorded with `cause`. Returns the lever
    // as described to the user; "" when no lever is left.
    std::string stepDown(Stage stage, const std::string& cause);

    const std::vector<std::string>& recoveries() const { return m_recoveries; } // for GenerationResult
    const MemoryPreset& preset() const { return m_preset; }
    // The rungs this ladder would try for a stage, in order (release cache first).
    std::vector<std::string> rungsFor(Stage stage) const;

private:
    void runErased(Stage stage, const std::function<void()>& body);
    // Climbs one rung; false when none is left. `done` lists what was tried.
    bool climb(Stage stage, bool& cacheReleased, const std::string& where, std::vector<std::string>& done);
    std::string applyNextLever(Stage stage); // the lever's description; "" when none is left
    std::string whereFrom(const std::exception& error) const;
    bool isUsable(const struct MemoryLever& lever, Stage stage, const MemoryPreset& preset) const;

    MemoryPreset& m_preset;
    ProgressSink* m_sink;
    PresetChanged m_onPresetChanged;
    ReleaseCache m_releaseCache;
    AllocatedBytes m_allocatedBytes;
    std::function<bool(const std::string&)> m_leverFilter;
    std::vector<std::string> m_recoveries;
    int m_step = 0;
};

} // namespace framesmith
