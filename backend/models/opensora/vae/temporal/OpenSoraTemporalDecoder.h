#pragma once
// vae_temporal.py Decoder: conv1 (3x3x3, bias), res_blocks, then from the deepest block up:
// num_res_blocks ResBlocks (block_res_blocks.i) and, above block 0 where temporal_downsample[i - 1]
// says so, a causal conv to twice the channels (conv_blocks.(i - 1)) followed by depth-to-space in
// time "B (C ts) T H W -> B C (T ts) H W"; then norm1, act, conv_out (3x3x3, bias).
#include "core/ModuleGroup.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalResBlock.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalVaeConfig.h"

#include <map>

namespace framesmith {

class OpenSoraTemporalDecoder : public Module {
public:
    explicit OpenSoraTemporalDecoder(const OpenSoraTemporalVaeConfig& config);
    at::Tensor forward(const at::Tensor& z, std::int64_t windowBytes) const; // [B, E, T, H, W] -> [B, C, T * f, H, W]

    // "B (C ts) T H W -> B C (T ts) H W"
    static at::Tensor depthToSpaceTime(const at::Tensor& x, std::int64_t timeStride);

private:
    OpenSoraTemporalVaeConfig m_config;
    std::shared_ptr<CausalConv3d> m_conv1, m_convOut;
    std::shared_ptr<ModuleList<OpenSoraTemporalResBlock>> m_resBlocks;
    std::vector<std::vector<std::shared_ptr<OpenSoraTemporalResBlock>>> m_blockResBlocks; // by block index
    std::map<std::int64_t, std::shared_ptr<CausalConv3d>> m_convBlocks;           // by i - 1
    std::shared_ptr<GroupNorm> m_norm1;
};

} // namespace framesmith
