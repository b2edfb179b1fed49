#pragma once
// diffusers WanMidBlock (num_layers 1): resnets.0, attentions.0, resnets.1. forward is const.
#include "models/wan/vae/WanResidualBlock.h"
#include "models/wan/vae/WanVaeAttentionBlock.h"

#include <memory>

namespace framesmith {

class WanMidBlock : public Module {
public:
    explicit WanMidBlock(std::int64_t dim);
    at::Tensor forward(const at::Tensor& x, WanCausalCache& cache) const;

private:
    std::shared_ptr<ModuleList<WanResidualBlock>> m_resnets;
    std::shared_ptr<ModuleList<WanVaeAttentionBlock>> m_attentions;
};

} // namespace framesmith
