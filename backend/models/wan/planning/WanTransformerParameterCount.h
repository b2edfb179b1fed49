#pragma once
// State-dict element counts of a WanTransformer3DModel (diffusers 0.36) from its config alone, by
// arithmetic over the modules the class builds (the RoPE tables are non-persistent buffers, not
// counted). Equal to full-size-configs/param_counts.json for every Wan repo and to the tiny
// checkpoints (tst_WanPlanning). Torch-free; any thread.
#include "memory/planner/TransformerCount.h"
#include "models/wan/transformer/WanTransformerConfig.h"

namespace framesmith {

class WanTransformerParameterCount {
public:
    // Blocks are `blocks.N`; fp8/int8 storage narrows their 2-D weights (the attentions' projections,
    // I2V's add_k/add_v, the feed-forward), not the [1, 6, D] scale_shift_table or the norms.
    static TransformerCount fromConfig(const WanTransformerConfig& config);
};

} // namespace framesmith
