#pragma once
// Puts a set of resolved LoRAs, each at its strength, onto one loaded model, and takes them off
// again. Merge keeps a host copy of every weight it rewrites (copy-on-merge) and restores it before
// the next set; SidePath hangs LowRankSidePath terms on the Linears and merges the rest (norm
// vectors, layers that are no Linear). The LoRAs are summed in a fixed order (by file hash and path), so the order the user
// listed them in never changes a bit. Applying the set already applied does nothing. The thread
// that owns the model.
#include "core/Module.h"
#include "models/lora/LoraMode.h"
#include "models/lora/ResolvedLora.h"

#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace framesmith {

class Linear;

struct WeightedLora {
    std::shared_ptr<const ResolvedLora> lora;
    double strength = 1;
};

class LoraApplier {
public:
    // Side-path tensors go to `device` in `dtype` (the denoiser's compute device and dtype).
    void apply(Module& model, std::vector<WeightedLora> loras, LoraMode mode, c10::Device device, c10::ScalarType dtype);
    void restore(Module& model); // the weights as loaded, no side paths
    bool isApplied() const { return !m_signature.empty(); }
    std::int64_t keptBytes() const; // host copies of merged weights plus side-path tensors

private:
    void merge(Module& model, const std::vector<WeightedLora>& loras, const std::set<std::string>& skip);
    // The modules it took (every Linear a LoRA patches).
    std::set<std::string> attachSidePaths(Module& model, const std::vector<WeightedLora>& loras, c10::Device device,
                                          c10::ScalarType dtype);

    std::map<std::string, at::Tensor> m_originals; // parameter name -> value before merging (CPU)
    std::vector<Linear*> m_patched;                // Linears with a side path
    std::int64_t m_sidePathBytes = 0;
    std::string m_signature;                       // of the applied set; "" when none
};

// The Linear at `path` ("transformer_blocks.0.attn1.to_out.0") below `root`, or nullptr.
Linear* findLinear(Module& root, const std::string& path);

} // namespace framesmith
