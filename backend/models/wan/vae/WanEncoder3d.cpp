#include "models/wan/vae/WanEncoder3d.h"

#include <ATen/ATen.h>

namespace framesmith {

WanEncoder3d::WanEncoder3d(const WanVaeConfig& c)
{
    const std::array<std::int64_t, 3> k3{3, 3, 3}, one{1, 1, 1};
    std::vector<std::int64_t> dims{c.baseDim}; // dim · [1] + dim_mult
    for (std::int64_t m : c.dimMult)
        dims.push_back(c.baseDim * m);
    m_convIn = registerModule("conv_in", WanCausalConv3d::make(c.inChannels, dims[0], k3, one, one));
    auto down = registerModule("down_blocks", std::make_shared<ModuleGroup>());
    auto add = [&](DownLayer layer) {
        const std::string name = std::to_string(m_down.size());
        if (layer.resnet)
            down->add(name, layer.resnet);
        else if (layer.resample)
            down->add(name, layer.resample);
        else
            down->add(name, layer.residual);
        m_down.push_back(std::move(layer));
    };
    const std::size_t levels = c.dimMult.size();
    for (std::size_t i = 0; i < levels; ++i) {
        if (c.isResidual) { // the last level neither downsamples nor halves time
            const bool isDown = i + 1 != levels;
            add({nullptr, nullptr, std::make_shared<WanResidualDownBlock>(dims[i], dims[i + 1], c.numResBlocks,
                                                                          isDown && c.temperalDownsample[i], isDown)});
            continue;
        }
        std::int64_t in = dims[i];
        for (std::int64_t r = 0; r < c.numResBlocks; ++r, in = dims[i + 1])
            add({std::make_shared<WanResidualBlock>(in, dims[i + 1]), nullptr, nullptr});
        if (i + 1 != levels)
            add({nullptr,
                 std::make_shared<WanResample>(dims[i + 1], c.temperalDownsample[i] ? WanResample::Mode::Downsample3d
                                                                                    : WanResample::Mode::Downsample2d),
                 nullptr});
    }
    m_mid = registerModule("mid_block", std::make_shared<WanMidBlock>(dims.back()));
    m_normOut = registerModule("norm_out", std::make_shared<WanRmsNorm>(dims.back(), false));
    m_convOut = registerModule("conv_out", WanCausalConv3d::make(dims.back(), c.zDim * 2, k3, one, one));
}

at::Tensor WanEncoder3d::forward(const at::Tensor& chunk, WanCausalCache& cache) const
{
    at::Tensor x = WanCausalConv3d::forwardCached(*m_convIn, chunk, cache);
    for (const DownLayer& layer : m_down)
        x = layer.resnet ? layer.resnet->forward(x, cache)
                         : layer.resample ? layer.resample->forward(x, cache) : layer.residual->forward(x, cache);
    x = m_mid->forward(x, cache);
    return WanCausalConv3d::forwardCached(*m_convOut, at::silu(m_normOut->forward(x)), cache);
}

} // namespace framesmith
