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
    m_convIn = registerModule("conv_in", std::make_shared<WanCausalConv3d>(c.zDim, dims[0], k3, one, one));
    m_mid = registerModule("mid_block", std::make_shared<WanMidBlock>(dims[0]));
    m_up = registerModule("up_blocks", std::make_shared<ModuleList<WanUpBlock>>());
    for (std::size_t i = 0; i < levels; ++i) {
        const std::int64_t in = i > 0 ? dims[i] / 2 : dims[i]; // wan vae 2.1: the upsampler halved it
        WanResample::Mode mode = WanResample::Mode::Invalid;
        if (i + 1 != levels) // temperal_upsample = temperal_downsample[::-1]
            mode = c.temperalDownsample[levels - 2 - i] ? WanResample::Mode::Upsample3d : WanResample::Mode::Upsample2d;
        m_up->append(std::make_shared<WanUpBlock>(in, dims[i + 1], c.numResBlocks, mode));
    }
    m_normOut = registerModule("norm_out", std::make_shared<WanRmsNorm>(dims.back(), false));
    m_convOut = registerModule("conv_out", std::make_shared<WanCausalConv3d>(dims.back(), c.outChannels, k3, one, one));
}

at::Tensor WanDecoder3d::forward(const at::Tensor& frame, WanCausalCache& cache) const
{
    at::Tensor x = m_mid->forward(m_convIn->forwardCached(frame, cache), cache);
    for (std::size_t i = 0; i < m_up->size(); ++i)
        x = (*m_up)[i].forward(x, cache);
    return m_convOut->forwardCached(at::silu(m_normOut->forward(x)), cache);
}

} // namespace framesmith
