#include "models/opensora/vae/spatial/OpenSoraSpatialAttention.h"

#include "core/ChunkedAttention.h"
#include "core/ModuleGroup.h"

#include <ATen/ATen.h>

namespace framesmith {

OpenSoraSpatialAttention::OpenSoraSpatialAttention(std::int64_t channels, std::int64_t groups)
{
    m_groupNorm = registerModule("group_norm", std::make_shared<GroupNorm>(groups, channels, 1e-6));
    m_toQ = registerModule("to_q", std::make_shared<Linear>(channels, channels));
    m_toK = registerModule("to_k", std::make_shared<Linear>(channels, channels));
    m_toV = registerModule("to_v", std::make_shared<Linear>(channels, channels));
    auto toOut = registerModule("to_out", std::make_shared<ModuleGroup>());
    m_toOut = toOut->add("0", std::make_shared<Linear>(channels, channels));
}

at::Tensor OpenSoraSpatialAttention::forward(const at::Tensor& x, std::int64_t scoreBudgetBytes) const
{
    const std::int64_t batch = x.size(0), channels = x.size(1), rows = x.size(2), columns = x.size(3);
    // [B, C, H, W] -> normalised tokens [B, 1, HW, C] (one head of head_dim C)
    const at::Tensor tokens = m_groupNorm->forward(x).view({batch, channels, rows * columns}).transpose(1, 2);
    at::Tensor q = m_toQ->forward(tokens).unsqueeze(1);
    at::Tensor k = m_toK->forward(tokens).unsqueeze(1);
    at::Tensor v = m_toV->forward(tokens).unsqueeze(1);
    AttentionOptions options;
    options.scoreBudgetBytes = scoreBudgetBytes;
    at::Tensor attended = ChunkedAttention::compute(q, k, v, options).squeeze(1); // [B, HW, C]
    q.reset();
    k.reset();
    v.reset();
    at::Tensor out = m_toOut->forward(attended).transpose(1, 2).reshape({batch, channels, rows, columns});
    return out.add_(x); // residual_connection=True, rescale_output_factor 1
}

} // namespace framesmith
