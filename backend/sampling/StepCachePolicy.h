#pragma once
// How a step cache decides, per step and per CFG branch, whether the transformer's blocks after
// the first one run or the previous step's residual of those blocks is reused (StepCache).
// A named speed setting (StepCacheSetting.h) maps to one policy: quality is the first-block
// residual rule at diffusers' default threshold, balanced and fast compute every 2nd and 3rd step;
// bench_step_cache measures what each costs (docs/benchmarks.md). Plain values; any thread.
#include <string>

namespace framesmith {

struct StepCachePolicy {
    enum class Kind { Invalid, Off, FirstBlockResidual, FixedInterval };

    Kind kind = Kind::Off;
    // FirstBlockResidual: the rest is skipped when the first block's residual changed by less than
    // this (mean |r - r_prev| / mean |r_prev|, r_prev from the last step that computed everything).
    double threshold = 0;
    // FixedInterval: steps whose index is a multiple of `interval` compute everything.
    int interval = 1;
    // Both: the first `warmupSteps` steps and the last step always compute everything.
    int warmupSteps = 1;
    bool isLastStepComputed = false;

    bool isOff() const { return kind == Kind::Off; }
    // The policy of a stepCacheSettings() name; throws InvalidRequestError("stepCache") for others.
    static StepCachePolicy forSetting(const std::string& setting);
    // A first-block policy that never skips (threshold below any change): for tests and benches
    // proving the split forward equals the plain one.
    static StepCachePolicy neverSkip();
};

} // namespace framesmith
