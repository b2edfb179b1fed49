#include "models/wan/vae/WanShortcuts.h"

#include <ATen/ATen.h>

namespace framesmith {

at::Tensor WanShortcuts::avgDown(const at::Tensor& xIn, std::int64_t out, std::int64_t ft, std::int64_t fs)
{
    const std::int64_t padT = (ft - xIn.size(2) % ft) % ft;
    const at::Tensor x = at::constant_pad_nd(xIn, {0, 0, 0, 0, padT, 0}); // F.pad(x, (0, 0, 0, 0, pad_t, 0))
    const std::int64_t b = x.size(0), c = x.size(1), t = x.size(2) / ft, h = x.size(3) / fs, w = x.size(4) / fs;
    const std::int64_t factor = ft * fs * fs;
    // [B, C, t, fT, h, fS, w, fS] -> [B, C, fT, fS, fS, t, h, w] -> [B, out, group, t, h, w] -> mean
    return x.view({b, c, t, ft, h, fs, w, fs})
        .permute({0, 1, 3, 5, 7, 2, 4, 6})
        .contiguous()
        .view({b, out, c * factor / out, t, h, w})
        .mean(2);
}

at::Tensor WanShortcuts::dupUp(const at::Tensor& xIn, std::int64_t out, std::int64_t ft, std::int64_t fs,
                               bool isFirstChunk)
{
    const std::int64_t factor = ft * fs * fs;
    const at::Tensor x = xIn.repeat_interleave(out * factor / xIn.size(1), 1);
    const std::int64_t b = x.size(0), t = x.size(2), h = x.size(3), w = x.size(4);
    // [B, out, fT, fS, fS, t, h, w] -> [B, out, t, fT, h, fS, w, fS] -> [B, out, t·fT, h·fS, w·fS]
    at::Tensor y = x.view({b, out, ft, fs, fs, t, h, w})
                       .permute({0, 1, 5, 2, 6, 3, 7, 4})
                       .contiguous()
                       .view({b, out, t * ft, h * fs, w * fs});
    if (isFirstChunk)
        y = y.narrow(2, ft - 1, y.size(2) - (ft - 1));
    return y;
}

} // namespace framesmith
