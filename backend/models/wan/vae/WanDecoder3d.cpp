#include "models/wan/vae/WanDecoder3d.h"

#include <ATen/ATen.h>

namespace framesmith {

WanDecoder3d::WanDecoder3d(const WanVaeConfig& c)
{
    const std::array<std::int64_t, 3> k3{3, 3, 3}, one{1, 1, 1};
    const std::size_t levels = c.dimMult.size();
    std::vector<std::int64_t> dims{c.decoderBaseDim * c.dimMult.back()}; // dim · [dim_mult[-1]] + dim_mult[::-1]
    for (std::size_t i = levels; i-- > 0;)
        dims.push_back(c.decoderBaseDim * c.dimMult[i]);
    m_convIn = registerModule("conv_in", WanCausalConv3d::make(c.zDim, dims[0], k3, one, one));
    m_mid = registerModule("mid_block", std::make_shared<WanMidBlock>(dims[0]));
    auto up = registerModule("up_blocks", std::make_shared<ModuleGroup>());
    for (std::size_t i = 0; i < levels; ++i) {
        const bool isUp = i + 1 != levels;
        const bool isTemporal = isUp && c.temperalDownsample[levels - 2 - i]; // temperal_downsample[::-1][i]
        const std::string name = std::to_string(i);
        if (c.isResidual) {
            m_up.push_back({nullptr, up->add(name, std::make_shared<WanResidualUpBlock>(dims[i], dims[i + 1], c.numResBlocks,
                                                                                       isTemporal, isUp))});
            continue;
        }
        const std::int64_t in = i > 0 ? dims[i] / 2 : dims[i]; // wan vae 2.1: the upsampler halved it
        const WanResample::Mode mode = !isUp ? WanResample::Mode::Invalid
                                             : isTemporal ? WanResample::Mode::Upsample3d : WanResample::Mode::Upsample2d;
        m_up.push_back({up->add(name, std::make_shared<WanUpBlock>(in, dims[i + 1], c.numResBlocks, mode)), nullptr});
    }
    m_normOut = registerModule("norm_out", std::make_shared<WanRmsNorm>(dims.back(), false));
    m_convOut = registerModule("conv_out", WanCausalConv3d::make(dims.back(), c.outChannels, k3, one, one));
}

at::Tensor WanDecoder3d::forward(const at::Tensor& frame, WanCausalCache& cache, bool isFirstChunk) const
{
    at::Tensor x = m_mid->forward(WanCausalConv3d::forwardCached(*m_convIn, frame, cache), cache);
    for (const UpLayer& layer : m_up)
        x = layer.plain ? layer.plain->forward(x, cache) : layer.residual->forward(x, cache, isFirstChunk);
    return WanCausalConv3d::forwardCached(*m_convOut, at::silu(m_normOut->forward(x)), cache);
}

} // namespace framesmith
