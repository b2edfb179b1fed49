#include "memory/placement/PinnedBlockStorage.h"

#include <ATen/ATen.h>

namespace framesmith {
namespace {

std::int64_t aligned(std::int64_t bytes)
{
    return (bytes + PinnedBlockStorage::kAlignment - 1) / PinnedBlockStorage::kAlignment *
           PinnedBlockStorage::kAlignment;
}

} // namespace

at::Tensor PinnedBlockStorage::pinnedBytes(std::int64_t bytes)
{
    return at::empty({bytes}, at::TensorOptions().dtype(at::kByte).pinned_memory(true));
}

void PinnedBlockStorage::pack(std::vector<ParameterSlot>& slots, const Allocate& allocate)
{
    std::int64_t total = 0;
    for (const ParameterSlot& slot : slots)
        if (slot.tensor->defined())
            total += aligned(static_cast<std::int64_t>(slot.tensor->nbytes()));
    if (total == 0)
        return;
    const at::Tensor buffer = allocate(total); // [total] bytes
    std::int64_t offset = 0;
    for (ParameterSlot& slot : slots) {
        at::Tensor& tensor = *slot.tensor;
        if (!tensor.defined())
            continue;
        const auto bytes = static_cast<std::int64_t>(tensor.nbytes());
        at::Tensor view = buffer.narrow(0, offset, bytes).view(tensor.scalar_type()).view(tensor.sizes());
        view.copy_(tensor);
        tensor = view;
        offset += aligned(bytes);
    }
}

} // namespace framesmith
