#pragma once
// diffusers WanResidualUpBlock (Wan 2.2 VAE decoder): num_res_blocks + 1 residual blocks, an
// optional upsampler keeping the width, and the DupUp3D shortcut of the block's input (which drops
// its first frame on the first chunk when it doubles time). forward is const.
#include "models/wan/vae/WanResample.h"
#include "models/wan/vae/WanResidualBlock.h"

#include <memory>

namespace framesmith {

class WanResidualUpBlock : public Module {
public:
    WanResidualUpBlock(std::int64_t in, std::int64_t out, std::int64_t numResBlocks, bool isTemporal, bool isUp);
    at::Tensor forward(const at::Tensor& x, WanCausalCache& cache, bool isFirstChunk) const;

private:
    std::int64_t m_out, m_factorT;
    std::shared_ptr<ModuleList<WanResidualBlock>> m_resnets;
    std::shared_ptr<WanResample> m_upsampler; // null on the last level (and then no shortcut)
};

} // namespace framesmith
