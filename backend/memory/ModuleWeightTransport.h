#pragma once
// The real WeightTransport: moves the parameters of bound Modules. Plan device names map to
// physical devices: "cuda:N" is CUDA device N when this build and machine have CUDA, else the CPU
// (a simulated GPU: the ledger still counts it, so plans for GPUs are testable on a CPU-only
// machine). Streamed blocks keep pinned host copies; on CUDA each block is copied on a side stream
// and the compute stream waits for it just before the block runs.
// The generation worker's thread only (it owns the modules).
#include "core/Module.h"
#include "memory/WeightTransport.h"

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
    // `exclude`: parameter-name prefix left alone (the transformer's "transformer_blocks.", which
    // move block by block).
    void bind(const std::string& module, Module& target, std::string exclude = {});
    void bindBlock(int block, Module& target); // module name "transformer.transformer_blocks.<block>"
    std::int64_t boundBytes(const std::string& module); // parameter bytes as they are now

    void moveModule(const std::string& module, const std::string& device) override;
    void prefetchBlock(int block, const std::string& device) override;
    void awaitBlock(int block, const std::string& device) override;
    void dropBlock(int block, const std::string& device) override;

private:
    struct Binding {
        Module* module = nullptr;
        std::string exclude;
    };
    std::vector<ParameterSlot> slotsOf(const std::string& module);

    std::map<std::string, Binding> m_bindings;
    std::map<int, std::vector<at::Tensor>> m_hostCopies; // streamed blocks while on the device
    struct CudaState;
    std::unique_ptr<CudaState> m_cuda;                   // side stream and events (CUDA builds)
};

} // namespace framesmith
