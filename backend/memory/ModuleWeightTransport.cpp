#include "memory/ModuleWeightTransport.h"

#include "framesmith/Error.h"
#include "memory/DeviceMemory.h"
#include "memory/DeviceNames.h"
#include "memory/PinnedBlockStorage.h"

#include <ATen/ATen.h>

#include <algorithm>

#ifdef FRAMESMITH_HAS_CUDA
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

void ModuleWeightTransport::bind(const std::string& module, Module& target, std::string exclude)
{
    m_bindings[module] = Binding{&target, std::move(exclude)};
}

void ModuleWeightTransport::bindBlock(int block, Module& target)
{
    bind("transformer.transformer_blocks." + std::to_string(block), target);
}

std::vector<ParameterSlot> ModuleWeightTransport::slotsOf(const std::string& module)
{
    auto it = m_bindings.find(module);
    if (it == m_bindings.end())
        return {}; // not bound (e.g. a component this pipeline does not load): nothing to move
    std::vector<ParameterSlot> slots;
    for (ParameterSlot& slot : it->second.module->parameters())
        if (it->second.exclude.empty() || slot.name.rfind(it->second.exclude, 0) != 0)
            slots.push_back(slot);
    return slots;
}

std::int64_t ModuleWeightTransport::boundBytes(const std::string& module)
{
    std::int64_t bytes = 0;
    for (const ParameterSlot& slot : slotsOf(module))
        if (slot.tensor->defined())
            bytes += static_cast<std::int64_t>(slot.tensor->nbytes());
    return bytes;
}

void ModuleWeightTransport::moveModule(const std::string& module, const std::string& device)
{
    const c10::Device target = physicalDevice(device);
    const bool pin = target.is_cpu() && DeviceMemory::hasCuda() && module.find("transformer_blocks.") != std::string::npos;
    std::vector<ParameterSlot> slots = slotsOf(module);
    // Streamed blocks rest pinned, one buffer per block, so their copies to the GPU can overlap compute.
    if (pin && !std::all_of(slots.begin(), slots.end(),
                            [](const ParameterSlot& s) { return !s.tensor->defined() || s.tensor->is_pinned(); }))
        return PinnedBlockStorage::pack(slots);
    for (ParameterSlot& slot : slots)
        if (slot.tensor->defined())
            *slot.tensor = slot.tensor->to(target);
}

void ModuleWeightTransport::prefetchBlock(int block, const std::string& device)
{
    const c10::Device target = physicalDevice(device);
    auto slots = slotsOf("transformer.transformer_blocks." + std::to_string(block));
    std::vector<at::Tensor>& host = m_hostCopies[block];
    host.clear();
    for (ParameterSlot& slot : slots)
        host.push_back(*slot.tensor);
    if (target.is_cpu())
        return; // simulated GPU: the host tensors serve directly
#ifdef FRAMESMITH_HAS_CUDA
    auto [it, inserted] = m_cuda->sideStreams.try_emplace(target.index(), c10::cuda::getStreamFromPool(false, target.index()));
    c10::cuda::CUDAStreamGuard guard(it->second);
    for (ParameterSlot& slot : slots)
        *slot.tensor = slot.tensor->to(target, /*non_blocking=*/true);
    auto event = std::make_unique<c10::Event>(c10::DeviceType::CUDA);
    event->record(it->second);
    m_cuda->arrived[block] = std::move(event);
#endif
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
    for (ParameterSlot& slot : slotsOf("transformer.transformer_blocks." + std::to_string(block)))
        if (slot.tensor->is_cuda())
            c10::cuda::CUDACachingAllocator::recordStream(slot.tensor->storage().data_ptr(), compute);
    m_cuda->arrived.erase(it);
#endif
}

void ModuleWeightTransport::dropBlock(int block, const std::string& device)
{
    auto it = m_hostCopies.find(block);
    if (it == m_hostCopies.end())
        return;
    auto slots = slotsOf("transformer.transformer_blocks." + std::to_string(block));
    for (std::size_t i = 0; i < slots.size() && i < it->second.size(); ++i)
        *slots[i].tensor = it->second[i];
    m_hostCopies.erase(it);
}

} // namespace framesmith
