#pragma once
// Streamed transformer blocks rest in pinned host memory so that their copies to the GPU overlap
// compute. CUDA's host allocator rounds every pinned allocation up to a power of two (a 75 MB
// feed-forward weight takes 128 MB), so pinning parameter by parameter costs up to twice the
// weights' RAM; one buffer per block pays that rounding once, on the whole block.
#include "core/Module.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <functional>
#include <vector>

namespace framesmith {

class PinnedBlockStorage {
public:
    using Allocate = std::function<at::Tensor(std::int64_t bytes)>; // 1-D at::kByte, on the CPU

    // CUDA pinned host memory (throws on a build or machine without CUDA).
    static at::Tensor pinnedBytes(std::int64_t bytes);
    // Re-homes every defined tensor of `slots` as a view of one buffer from `allocate`: values,
    // dtypes and shapes are kept, each view starts on a kAlignment boundary. Tensors may come from
    // any device.
    static void pack(std::vector<ParameterSlot>& slots, const Allocate& allocate = &pinnedBytes);

    static constexpr std::int64_t kAlignment = 64;
};

} // namespace framesmith
