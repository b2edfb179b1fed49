#pragma once
// `framesmith-cli eval transformer` for Wan cases: one forward of the expert the metadata names
// (`expert`: transformer or transformer_2) on hidden_states, timestep, encoder_hidden_states
// [, encoder_hidden_states_image] -> output and every debug tap as tap_<name>; with --lora, the
// LoRAs for that expert (FILE@high: transformer, FILE@low: transformer_2, plain: both) applied
// first, merged or as a side path (--lora-mode). The calling thread only.
#include "models/EvalKind.h"

namespace framesmith {

class WanTransformerEval {
public:
    static EvalOutputs run(const EvalCase& evalCase);
};

} // namespace framesmith
