#pragma once
// diffusers WanResidualDownBlock (Wan 2.2 VAE encoder): residual blocks and an optional downsample
// (3d where the level halves time), plus the AvgDown3D shortcut of the block's input. forward is const.
#include "models/wan/vae/WanResample.h"
#include "models/wan/vae/WanResidualBlock.h"

#include <memory>

namespace framesmith {

class WanResidualDownBlock : public Module {
public:
    WanResidualDownBlock(std::int64_t in, std::int64_t out, std::int64_t numResBlocks, bool isTemporal, bool isDown);
    at::Tensor forward(const at::Tensor& x, WanCausalCache& cache) const;

private:
    std::int64_t m_out, m_factorT, m_factorS;
    std::shared_ptr<ModuleList<WanResidualBlock>> m_resnets;
    std::shared_ptr<WanResample> m_downsampler; // null on the last level
};

} // namespace framesmith
