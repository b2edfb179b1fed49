#pragma once
// The staging ring of block streaming: streamed blocks rest in ordinary (pageable) RAM and reach
// the GPU through K pinned slots of one block each, used in turn (K = prefetch + 1: the block that
// runs and the ones prefetched behind it). Pinning every block would lock the whole transformer
// in RAM (apps that do cap it at 40 % of RAM, and a model that fits the GPU then fails on the
// host); the ring locks K blocks, whatever the model's depth.
// A block is packed into its slot on the host (memcpy from pageable memory), then copied to the
// device from there, asynchronously on CUDA (the caller's current stream, e.g. a side stream). A
// slot is written again only once the copy out of it has finished (a CUDA event per slot).
// Each slot is one allocation of the whole block (CUDA's host allocator rounds every pinned
// allocation up to a power of two, so pinning tensor by tensor could double the bytes; per block
// it costs at most the block's own rounding, and 5b's 252 MiB block takes 256 MiB; pinnedBytesFor()
// says what a ring costs). The allocation is injectable so that the ring runs, and is counted, on a CPU-only machine.
// One thread (the generation worker's).
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace framesmith {

class PinnedStagingRing {
public:
    using Allocate = std::function<at::Tensor(std::int64_t bytes)>; // 1-D at::kByte, on the CPU

    static constexpr std::int64_t kAlignment = 64; // every tensor in a slot starts on this boundary
    // Room the planner adds to a block's bytes for that alignment (up to 1024 tensors per block).
    static constexpr std::int64_t kSlotSlackBytes = 64 * 1024;

    // CUDA pinned host memory (throws on a build or machine without CUDA).
    static at::Tensor pinnedBytes(std::int64_t bytes);
    // Pinned memory where CUDA is, else pageable (a simulated GPU has nothing to pin for).
    static Allocate defaultAllocate();
    // Bytes one slot needs to hold `tensors` packed (each aligned); undefined tensors take none.
    static std::int64_t slotBytesFor(const std::vector<at::Tensor>& tensors);
    // Pinned RAM of a ring of `slotCount` slots for blocks of `blockBytes`, as CUDA's host
    // allocator hands it out (each slot the next power of two): what the planner counts.
    static std::int64_t pinnedBytesFor(int slotCount, std::int64_t blockBytes);

    explicit PinnedStagingRing(int slotCount, Allocate allocate = defaultAllocate());
    ~PinnedStagingRing();
    PinnedStagingRing(const PinnedStagingRing&) = delete;
    PinnedStagingRing& operator=(const PinnedStagingRing&) = delete;

    // Slots of at least `slotBytes` each: allocates on first need, reallocates (after the copies in
    // flight finished) when a larger block comes.
    void reserve(std::int64_t slotBytes);
    // Copies `tensors` (on the CPU, any layout) to `target` through the next slot; returns the
    // copies on `target`, contiguous, in order (undefined stay undefined). `owner` (a block index)
    // is remembered in the slot until the slot is used again.
    std::vector<at::Tensor> stage(const std::vector<at::Tensor>& tensors, c10::Device target, int owner);

    int slotCount() const { return static_cast<int>(m_owners.size()); }
    std::int64_t slotBytes() const { return m_slotBytes; }
    std::int64_t capacityBytes() const { return m_slotBytes * static_cast<std::int64_t>(m_slots.size()); }
    int allocations() const { return m_allocations; }          // calls of the Allocate hook
    std::int64_t stagedCount() const { return m_stagedCount; } // blocks staged so far
    // The blocks whose bytes sit in a slot now (-1: empty): never more than slotCount().
    const std::vector<int>& owners() const { return m_owners; }
    // True when `tensor`'s memory lies in the ring (tests: resting weights never do).
    bool holds(const at::Tensor& tensor) const;

private:
    void awaitSlot(int slot); // until the copy out of `slot` has finished
    void awaitAll();

    Allocate m_allocate;
    std::vector<at::Tensor> m_slots; // empty until the first stage()
    std::int64_t m_slotBytes = 0;
    std::vector<int> m_owners;
    int m_next = 0;
    int m_allocations = 0;
    std::int64_t m_stagedCount = 0;
    struct CudaEvents;
    std::unique_ptr<CudaEvents> m_cuda; // per slot: the copy out of it (CUDA builds)
};

} // namespace framesmith
