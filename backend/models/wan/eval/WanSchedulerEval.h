#pragma once
// `framesmith-cli eval scheduler` for Wan cases: every {unipc,euler}_shift{S}_steps{N} table the
// case names (timesteps, sigmas) and every {unipc,euler}_run_{name} run (x_T and the recorded model
// outputs in; prev_sample_i, UniPC's x0_pred_i, timesteps out), with the samplers configured as the
// Wan repos' scheduler_config.json (the run's shift from the metadata). No model files are read.
// The calling thread only.
#include "models/EvalKind.h"

namespace framesmith {

class WanSchedulerEval {
public:
    static EvalOutputs run(const EvalCase& evalCase);
};

} // namespace framesmith
