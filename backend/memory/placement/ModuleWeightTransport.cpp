#include "memory/placement/ModuleWeightTransport.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceMemory.h"
#include "memory/monitor/DeviceNames.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <iterator>

#ifdef FRAMESMITH_HAS_CUDA
#include <ATen/cuda/CachingHostAllocator.h>
#include <c10/core/Event.h>
#include <c10/cuda/CUDACachingAllocator.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace framesmith {

struct ModuleWeightTransport::CudaState {
#ifdef FRAMESMITH_HAS_CUDA
    std::map<int, c10::cuda::CUDAStream> sideStreams; // per device index
    std::map<int, std::unique_ptr<c10::Event>> arrived; // per block
#endif
};

ModuleWeightTransport::ModuleWeightTransport() : m_cuda(std::make_unique<CudaState>()) {}
ModuleWeightTransport::~ModuleWeightTransport() = default;

c10::Device ModuleWeightTransport::physicalDevice(const std::string& name)
{
    const int index = DeviceMemory::physicalCudaIndex(cudaIndexOf(name)); // logical GPUs share one
    if (index >= 0)
        return c10::Device(c10::DeviceType::CUDA, static_cast<c10::DeviceIndex>(index));
    return c10::Device(c10::DeviceType::CPU);
}

void ModuleWeightTransport::bind(const std::string& module, Module& target, std::vector<std::string> exclude)
{
    m_bindings[module] = Binding{&target, std::move(exclude)};
}

void ModuleWeightTransport::bindBlock(int block, Module& target)
{
    bind(blockModule(block), target);
}

void ModuleWeightTransport::unbindAll()
{
    m_bindings.clear();
    m_hostCopies.clear();
    m_quantized.clear();
    m_ring.reset(); // the blocks it stages for are gone
}

void ModuleWeightTransport::unbindBlocked(const std::string& module)
{
    m_bindings.erase(module);
    for (auto it = m_bindings.begin(); it != m_bindings.end();)
        it = blockOf(it->first) >= 0 ? m_bindings.erase(it) : std::next(it);
    m_hostCopies.clear();
    m_quantized.clear();
}

int ModuleWeightTransport::blockOf(const std::string& module) const
{
    const std::string& prefix = m_blockPrefix;
    if (prefix.empty() || module.rfind(prefix, 0) != 0 || module.size() == prefix.size())
        return -1;
    const std::string digits = module.substr(prefix.size());
    if (digits.find_first_not_of("0123456789") != std::string::npos)
        return -1;
    return std::stoi(digits);
}

void ModuleWeightTransport::quantizeBlock(int block, WeightStorage storage)
{
    if (storage == WeightStorage::Native || m_quantized.count(block))
        return;
    auto slots = slotsOf(blockModule(block));
    std::vector<QuantizedSlot>& quantized = m_quantized[block];
    for (std::size_t i = 0; i < slots.size(); ++i) {
        at::Tensor& weight = *slots[i].tensor;
        if (!weight.defined() || weight.dim() != 2)
            continue;
        quantized.push_back(QuantizedSlot{i, weight.scalar_type(), QuantizedWeight::quantize(weight, storage), {}});
        weight = at::Tensor(); // the wide copy is freed: only the stored bytes remain
    }
}

std::vector<ParameterSlot> ModuleWeightTransport::slotsOf(const std::string& module)
{
    auto it = m_bindings.find(module);
    if (it == m_bindings.end())
        return {}; // not bound (e.g. a component this pipeline does not load): nothing to move
    std::vector<ParameterSlot> slots;
    const std::vector<std::string>& exclude = it->second.exclude;
    for (ParameterSlot& slot : it->second.module->parameters())
        if (std::none_of(exclude.begin(), exclude.end(),
                         [&](const std::string& prefix) { return slot.name.rfind(prefix, 0) == 0; }))
            slots.push_back(slot);
    return slots;
}

std::int64_t ModuleWeightTransport::boundBytes(const std::string& module)
{
    std::int64_t bytes = 0;
    for (const ParameterSlot& slot : slotsOf(module))
        if (slot.tensor->defined())
            bytes += static_cast<std::int64_t>(slot.tensor->nbytes());
    auto quantized = m_quantized.find(blockOf(module));
    if (quantized != m_quantized.end())
        for (const QuantizedSlot& q : quantized->second)
            bytes += q.resting.nbytes();
    return bytes;
}

void ModuleWeightTransport::moveModule(const std::string& module, const std::string& device)
{
    // Streamed blocks rest here too, in pageable RAM: they visit the GPU through the staging ring.
    const c10::Device target = physicalDevice(device);
    std::vector<ParameterSlot> slots = slotsOf(module);
    if (auto quantized = m_quantized.find(blockOf(module)); quantized != m_quantized.end())
        for (QuantizedSlot& q : quantized->second)
            for (at::Tensor* stored : q.resting.storage())
                slots.push_back(ParameterSlot{"", {}, stored});
    for (ParameterSlot& slot : slots)
        if (slot.tensor->defined())
            *slot.tensor = slot.tensor->to(target);
}

void ModuleWeightTransport::setStaging(int slotCount, PinnedStagingRing::Allocate allocate)
{
    if (allocate)
        m_stagingAllocate = std::move(allocate);
    if (m_ring && m_ring->slotCount() == slotCount)
        return;
    m_ring.reset(); // a prefetch depth changed by a re-plan: the next prefetch builds the new ring
    m_stagingSlots = std::max(1, slotCount);
}

void ModuleWeightTransport::releaseStaging()
{
    if (!m_ring)
        return;
    m_ring.reset();
#ifdef FRAMESMITH_HAS_CUDA
    // CUDA's host allocator keeps freed pinned blocks for reuse: give the ring's RAM back to the
    // system for the stages after denoising (decoded video lives in RAM).
    if (DeviceMemory::hasCuda())
        at::cuda::CachingHostAllocator_emptyCache();
#endif
}

PinnedStagingRing& ModuleWeightTransport::ring()
{
    if (!m_ring)
        m_ring = std::make_unique<PinnedStagingRing>(
            m_stagingSlots, m_stagingAllocate ? m_stagingAllocate : PinnedStagingRing::defaultAllocate());
    return *m_ring;
}

// The block's tensors that travel (its defined parameters, then its stored matrices' codes and
// scales in `visiting`, a copy of the resting form): pointers to where their device copies go.
std::vector<at::Tensor*> ModuleWeightTransport::travellers(int block, std::vector<ParameterSlot>& slots)
{
    std::vector<at::Tensor*> out;
    for (ParameterSlot& slot : slots)
        if (slot.tensor->defined()) // quantized matrices' slots are empty: they travel as codes
            out.push_back(slot.tensor);
    if (auto quantized = m_quantized.find(block); quantized != m_quantized.end())
        for (QuantizedSlot& q : quantized->second) {
            q.visiting = q.resting;
            for (at::Tensor* stored : q.visiting.storage())
                out.push_back(stored);
        }
    return out;
}

void ModuleWeightTransport::prefetchBlock(int block, const std::string& device)
{
    auto slots = slotsOf(blockModule(block));
    std::vector<at::Tensor>& host = m_hostCopies[block];
    host.clear();
    for (ParameterSlot& slot : slots)
        host.push_back(*slot.tensor);
    std::vector<at::Tensor*> moving = travellers(block, slots);
    if (device == "cpu")
        return; // computing on the CPU itself: the resting tensors serve directly
    const c10::Device target = physicalDevice(device); // the CPU for a simulated GPU: staged all the same
    std::vector<at::Tensor> sources;
    for (at::Tensor* tensor : moving)
        sources.push_back(*tensor);
#ifdef FRAMESMITH_HAS_CUDA
    if (target.is_cuda()) {
        auto [it, inserted] = m_cuda->sideStreams.try_emplace(target.index(), c10::cuda::getStreamFromPool(false, target.index()));
        c10::cuda::CUDAStreamGuard guard(it->second);
        std::vector<at::Tensor> copies = ring().stage(sources, target, block);
        for (std::size_t i = 0; i < moving.size(); ++i)
            *moving[i] = std::move(copies[i]);
        auto event = std::make_unique<c10::Event>(c10::DeviceType::CUDA);
        event->record(it->second);
        m_cuda->arrived[block] = std::move(event);
        return;
    }
#endif
    std::vector<at::Tensor> copies = ring().stage(sources, target, block);
    for (std::size_t i = 0; i < moving.size(); ++i)
        *moving[i] = std::move(copies[i]);
}

void ModuleWeightTransport::awaitBlock(int block, const std::string& device)
{
#ifdef FRAMESMITH_HAS_CUDA
    auto it = m_cuda->arrived.find(block);
    if (it == m_cuda->arrived.end())
        return;
    const c10::Device target = physicalDevice(device);
    c10::cuda::CUDAStream compute = c10::cuda::getCurrentCUDAStream(target.index());
    it->second->block(compute);
    // Memory allocated on the side stream is now used on the compute stream: tell the allocator.
    for (ParameterSlot& slot : slotsOf(blockModule(block)))
        if (slot.tensor->defined() && slot.tensor->is_cuda())
            c10::cuda::CUDACachingAllocator::recordStream(slot.tensor->storage().data_ptr(), compute);
    if (auto quantized = m_quantized.find(block); quantized != m_quantized.end())
        for (QuantizedSlot& q : quantized->second)
            if (q.visiting.codes().defined() && q.visiting.codes().is_cuda()) {
                c10::cuda::CUDACachingAllocator::recordStream(q.visiting.codes().storage().data_ptr(), compute);
                c10::cuda::CUDACachingAllocator::recordStream(q.visiting.scales().storage().data_ptr(), compute);
            }
    m_cuda->arrived.erase(it);
#endif
}

void ModuleWeightTransport::dropBlock(int block, const std::string& device)
{
    if (auto quantized = m_quantized.find(block); quantized != m_quantized.end())
        for (QuantizedSlot& q : quantized->second)
            q.visiting = QuantizedWeight();
    auto it = m_hostCopies.find(block);
    if (it == m_hostCopies.end())
        return;
    auto slots = slotsOf(blockModule(block));
    for (std::size_t i = 0; i < slots.size() && i < it->second.size(); ++i)
        *slots[i].tensor = it->second[i];
    m_hostCopies.erase(it);
}

void ModuleWeightTransport::widenBlock(int block, const std::string& device)
{
    auto quantized = m_quantized.find(block);
    if (quantized == m_quantized.end())
        return;
    const c10::Device target = physicalDevice(device);
    auto slots = slotsOf(blockModule(block));
    for (QuantizedSlot& q : quantized->second) {
        const QuantizedWeight& source = q.visiting.codes().defined() ? q.visiting : q.resting;
        *slots[q.slot].tensor = source.device() == target ? source.widen(q.dtype) : source.to(target).widen(q.dtype);
    }
}

void ModuleWeightTransport::narrowBlock(int block)
{
    auto quantized = m_quantized.find(block);
    if (quantized == m_quantized.end())
        return;
    auto slots = slotsOf(blockModule(block));
    for (const QuantizedSlot& q : quantized->second)
        *slots[q.slot].tensor = at::Tensor();
}

} // namespace framesmith
