#include "models/opensora/transformer/STDiT3TextTokens.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

bool STDiT3TextTokens::hasUniformLength() const
{
    return std::all_of(lengths.begin(), lengths.end(), [&](std::int64_t n) { return n == lengths.front(); });
}

at::Tensor STDiT3TextTokens::lengthsTensor() const
{
    return at::tensor(lengths, at::kLong);
}

STDiT3TextTokens STDiT3TextTokens::pack(const at::Tensor& embedded, const std::optional<at::Tensor>& mask)
{
    const std::int64_t B = embedded.size(0), L = embedded.size(2);
    at::Tensor y = embedded.squeeze(1); // [B, L, hidden]
    STDiT3TextTokens text;
    if (!mask) {
        for (std::int64_t b = 0; b < B; ++b) {
            text.rows.push_back(y[b]);
            text.lengths.push_back(L);
        }
        return text;
    }
    at::Tensor m = mask->reshape({-1, mask->size(-1)}).to(at::kCPU);
    if (m.size(1) != L || m.size(0) == 0 || B % m.size(0) != 0)
        throw ShapeError("STDiT3 text mask: expected [B or a divisor of B, " + std::to_string(L) + "] for " +
                         std::to_string(B) + " samples, got " + std::string(c10::str(mask->sizes())));
    m = m.repeat({B / m.size(0), 1}) != 0; // mask.repeat(B // Bm, 1): [m0, m1, m0, m1, ...]
    for (std::int64_t b = 0; b < B; ++b) {
        at::Tensor keep = m[b].nonzero().squeeze(1).to(y.device());
        if (keep.numel() == 0)
            throw InvalidRequestError("mask", "sample " + std::to_string(b) + " keeps no text token");
        text.rows.push_back(y[b].index_select(0, keep));
        text.lengths.push_back(keep.numel());
    }
    return text;
}

} // namespace framesmith
