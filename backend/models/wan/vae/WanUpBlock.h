#pragma once
// diffusers WanUpBlock (Wan 2.1 VAE): num_res_blocks + 1 residual blocks, then upsamplers.0 when
// the block upsamples. forward is const.
#include "models/wan/vae/WanResample.h"
#include "models/wan/vae/WanResidualBlock.h"

#include <memory>

namespace framesmith {

class WanUpBlock : public Module {
public:
    // mode Invalid: no upsampler (the last block)
    WanUpBlock(std::int64_t in, std::int64_t out, std::int64_t numResBlocks, WanResample::Mode mode);
    at::Tensor forward(const at::Tensor& x, WanCausalCache& cache) const;

private:
    std::shared_ptr<ModuleList<WanResidualBlock>> m_resnets;
    std::shared_ptr<WanResample> m_upsampler;
};

} // namespace framesmith
