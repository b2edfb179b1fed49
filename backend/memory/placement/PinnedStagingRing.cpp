#include "memory/placement/PinnedStagingRing.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceMemory.h"

#include <ATen/ATen.h>

#ifdef FRAMESMITH_HAS_CUDA
#include <ATen/cuda/CUDAEvent.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace framesmith {
namespace {

std::int64_t aligned(std::int64_t bytes)
{
    return (bytes + PinnedStagingRing::kAlignment - 1) / PinnedStagingRing::kAlignment * PinnedStagingRing::kAlignment;
}

std::int64_t nextPowerOfTwo(std::int64_t bytes)
{
    std::int64_t power = 1;
    while (power < bytes)
        power <<= 1;
    return power;
}

} // namespace

struct PinnedStagingRing::CudaEvents {
#ifdef FRAMESMITH_HAS_CUDA
    std::vector<at::cuda::CUDAEvent> copiedOut; // per slot
#endif
};

at::Tensor PinnedStagingRing::pinnedBytes(std::int64_t bytes)
{
    return at::empty({bytes}, at::TensorOptions().dtype(at::kByte).pinned_memory(true));
}

PinnedStagingRing::Allocate PinnedStagingRing::defaultAllocate()
{
    if (DeviceMemory::hasCuda())
        return &pinnedBytes;
    return [](std::int64_t bytes) { return at::empty({bytes}, at::kByte); };
}

std::int64_t PinnedStagingRing::slotBytesFor(const std::vector<at::Tensor>& tensors)
{
    std::int64_t bytes = 0;
    for (const at::Tensor& tensor : tensors)
        if (tensor.defined())
            bytes += aligned(static_cast<std::int64_t>(tensor.nbytes()));
    return bytes;
}

std::int64_t PinnedStagingRing::pinnedBytesFor(int slotCount, std::int64_t blockBytes)
{
    if (slotCount <= 0 || blockBytes <= 0)
        return 0;
    return slotCount * nextPowerOfTwo(blockBytes + kSlotSlackBytes);
}

PinnedStagingRing::PinnedStagingRing(int slotCount, Allocate allocate)
    : m_allocate(std::move(allocate)), m_owners(static_cast<std::size_t>(std::max(1, slotCount)), -1),
      m_cuda(std::make_unique<CudaEvents>())
{
#ifdef FRAMESMITH_HAS_CUDA
    m_cuda->copiedOut.resize(m_owners.size());
#endif
}

PinnedStagingRing::~PinnedStagingRing()
{
    awaitAll(); // copies still reading the buffer must end before it is freed
}

void PinnedStagingRing::awaitSlot(int slot)
{
#ifdef FRAMESMITH_HAS_CUDA
    at::cuda::CUDAEvent& event = m_cuda->copiedOut[static_cast<std::size_t>(slot)];
    if (event.isCreated())
        event.synchronize();
#else
    (void)slot; // on the CPU every copy out of a slot finished inside stage()
#endif
}

void PinnedStagingRing::awaitAll()
{
    for (int slot = 0; slot < slotCount(); ++slot)
        awaitSlot(slot);
}

void PinnedStagingRing::reserve(std::int64_t slotBytes)
{
    if (slotBytes <= m_slotBytes)
        return;
    awaitAll();
    m_slots.clear(); // the old slots go before the new ones come: never both at once
    m_slotBytes = 0;
    for (int slot = 0; slot < slotCount(); ++slot) {
        at::Tensor bytes = m_allocate(slotBytes);
        ++m_allocations;
        if (!bytes.defined() || bytes.numel() < slotBytes)
            throw Error(ErrorCode::Internal, "staging ring: the allocator returned fewer than " +
                                                 std::to_string(slotBytes) + " bytes for a slot");
        m_slots.push_back(std::move(bytes));
    }
    m_slotBytes = slotBytes;
    std::fill(m_owners.begin(), m_owners.end(), -1);
}

std::vector<at::Tensor> PinnedStagingRing::stage(const std::vector<at::Tensor>& tensors, c10::Device target, int owner)
{
    reserve(slotBytesFor(tensors));
    const int slot = m_next;
    m_next = (m_next + 1) % slotCount();
    awaitSlot(slot);
    m_owners[static_cast<std::size_t>(slot)] = owner;
    ++m_stagedCount;
    std::vector<at::Tensor> out;
    out.reserve(tensors.size());
    const at::Tensor& buffer = m_slots[static_cast<std::size_t>(slot)];
    std::int64_t offset = 0;
    for (const at::Tensor& tensor : tensors) {
        if (!tensor.defined()) {
            out.emplace_back();
            continue;
        }
        const auto bytes = static_cast<std::int64_t>(tensor.nbytes());
        at::Tensor packed = buffer.narrow(0, offset, bytes).view(tensor.scalar_type()).view(tensor.sizes());
        packed.copy_(tensor); // host to host: from pageable RAM into the pinned slot
        at::Tensor copy = at::empty(tensor.sizes(), tensor.options().device(target));
        copy.copy_(packed, /*non_blocking=*/true);
        out.push_back(std::move(copy));
        offset += aligned(bytes);
    }
#ifdef FRAMESMITH_HAS_CUDA
    if (target.is_cuda())
        m_cuda->copiedOut[static_cast<std::size_t>(slot)].record(c10::cuda::getCurrentCUDAStream(target.index()));
#endif
    return out;
}

bool PinnedStagingRing::holds(const at::Tensor& tensor) const
{
    if (!tensor.defined())
        return false;
    for (const at::Tensor& slot : m_slots)
        if (tensor.storage().is_alias_of(slot.storage()))
            return true;
    return false;
}

} // namespace framesmith
