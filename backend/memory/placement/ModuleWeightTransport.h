#pragma once
// The real WeightTransport: moves the parameters of bound Modules. Plan device names map to
// physical devices: "cuda:N" is CUDA device N when this build and machine have CUDA, else the CPU
// (a simulated GPU: the ledger still counts it, so plans for GPUs are testable on a CPU-only
// machine). Streamed blocks rest in pageable RAM and travel through a PinnedStagingRing of K
// pinned slots (setStaging); on CUDA each block is copied on a side stream and the compute stream
// waits for it just before the block runs. A simulated GPU stages through the ring as well.
// Blocks may be stored quantized (int8/fp8, memory/QuantizedWeight): their matrices then rest, move
// and stream as one byte per element, and are widened to the compute dtype around the block's run.
// The generation worker's thread only (it owns the modules).
#include "core/Module.h"
#include "memory/placement/PinnedStagingRing.h"
#include "memory/placement/QuantizedWeight.h"
#include "memory/placement/WeightTransport.h"

#include <ATen/core/Tensor.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class ModuleWeightTransport : public WeightTransport {
public:
    ModuleWeightTransport();
    ~ModuleWeightTransport() override;

    static c10::Device physicalDevice(const std::string& name);
    // `exclude`: parameter-name prefixes left alone (the transformer's block lists, e.g.
    // "transformer_blocks.", or "spatial_blocks." and "temporal_blocks.", which move block by block).
    void bind(const std::string& module, Module& target, std::vector<std::string> exclude = {});
    // The plan's module names of the blocks bindBlock binds: the component's (ComponentFootprint::
    // blockModulePrefix, e.g. "transformer.transformer_blocks."), set before the first bindBlock.
    void setBlockModulePrefix(std::string prefix) { m_blockPrefix = std::move(prefix); }
    void bindBlock(int block, Module& target); // module name "<prefix><block>"
    void unbindAll(); // the modules are about to be freed: forget them and their stored copies
    // The blocked component bound as `module` is about to be freed: forget it, its blocks and their
    // stored copies (another expert's blocks bind under their own prefix next).
    void unbindBlocked(const std::string& module);
    std::int64_t boundBytes(const std::string& module); // parameter bytes as they are now
    // Stores the block's matrices (its 2-D parameters) in `storage`; their slots stay empty except
    // while the block runs (widenBlock .. narrowBlock). Vectors (biases, norms) keep their dtype.
    void quantizeBlock(int block, WeightStorage storage);
    bool isQuantized(int block) const { return m_quantized.count(block) > 0; }
    // The staging ring's slots (prefetch + 1) and, for tests, its allocation (default: pinned
    // memory where CUDA is). A changed slot count replaces the ring at the next prefetch.
    void setStaging(int slotCount, PinnedStagingRing::Allocate allocate = {});
    const PinnedStagingRing* stagingRing() const { return m_ring.get(); } // null before the first prefetch
    void releaseStaging(); // denoising is over: the ring's pinned RAM goes back to the system

    void moveModule(const std::string& module, const std::string& device) override;
    void prefetchBlock(int block, const std::string& device) override;
    void awaitBlock(int block, const std::string& device) override;
    void dropBlock(int block, const std::string& device) override;
    void widenBlock(int block, const std::string& device) override;
    void narrowBlock(int block) override;

private:
    struct Binding {
        Module* module = nullptr;
        std::vector<std::string> exclude;
    };
    struct QuantizedSlot {
        std::size_t slot = 0;             // index into the block's slotsOf()
        c10::ScalarType dtype;            // what the layer computes in
        QuantizedWeight resting;          // where the block rests (pageable RAM when streamed)
        QuantizedWeight visiting;         // the streamed copy on the compute device
    };
    std::vector<ParameterSlot> slotsOf(const std::string& module);
    std::vector<at::Tensor*> travellers(int block, std::vector<ParameterSlot>& slots);
    PinnedStagingRing& ring();
    std::string blockModule(int block) const { return m_blockPrefix + std::to_string(block); }
    int blockOf(const std::string& module) const; // -1 unless a block's name

    std::string m_blockPrefix;
    std::map<std::string, Binding> m_bindings;
    std::map<int, std::vector<at::Tensor>> m_hostCopies; // streamed blocks while on the device
    std::map<int, std::vector<QuantizedSlot>> m_quantized;
    struct CudaState;
    std::unique_ptr<CudaState> m_cuda;                   // side stream and events (CUDA builds)
    int m_stagingSlots = 2;
    PinnedStagingRing::Allocate m_stagingAllocate;       // empty: PinnedStagingRing::defaultAllocate()
    std::unique_ptr<PinnedStagingRing> m_ring;           // after m_cuda: freed first, its copies awaited
};

} // namespace framesmith
