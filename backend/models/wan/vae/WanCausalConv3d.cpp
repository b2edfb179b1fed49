#include "models/wan/vae/WanCausalConv3d.h"

#include "framesmith/Error.h"

namespace framesmith {

std::shared_ptr<CausalConv3d> WanCausalConv3d::make(std::int64_t in, std::int64_t out, Triple kernel, Triple stride,
                                                    Triple padding)
{
    if (stride[1] != 1 || stride[2] != 1 || padding[1] != kernel[1] / 2 || padding[2] != kernel[2] / 2)
        throw Error(ErrorCode::Internal, "WanCausalConv3d: the shared causal conv pads height/width by kernel / 2, stride 1");
    CausalConvOptions options;
    options.kernel = kernel;
    options.timeStride = stride[0];
    options.timePadding = 2 * padding[0]; // F.pad(x, (w, w, h, h, 2·p_t, 0))
    options.padding = CausalPadding::Zeros;
    options.isNested = false;
    return std::make_shared<CausalConv3d>(in, out, options);
}

at::Tensor WanCausalConv3d::forwardCached(const CausalConv3d& conv, const at::Tensor& x, WanCausalCache& cache)
{
    WanCausalCache::Slot& slot = cache.next();
    at::Tensor keep = WanCausalCache::framesToKeep(x, slot);
    // Cached frames replace front zeros only where the conv pads in time (a 1x1x1 conv ignores them).
    at::Tensor out = conv.forward(x, slot.frames);
    slot.frames = std::move(keep);
    return out;
}

} // namespace framesmith
