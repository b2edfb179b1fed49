#pragma once
// The seam through which a memory preset places a pipeline's weights at run time: where each
// component is read to, where it computes, and the per-block hook that streams transformer blocks.
// Component names are those the family's ModelFootprint lists ("text_encoder", "transformer",
// "vae", or a second expert "transformer_2"); each one's role decides its stage. Devices are
// logical names ("cuda:1") mapped to physical ones by physicalDevice(). memory/RuntimePlacement
// implements it; a pipeline without one keeps every component on PipelineResources::device.
// The worker thread only (it owns the modules).
#include "core/Module.h"

#include <c10/core/Device.h>

#include <functional>
#include <string>
#include <vector>

namespace framesmith {

class ComponentPlacement {
public:
    virtual ~ComponentPlacement() = default;

    // Where the component's weights are read from disk to (its home, or the CPU when its parts
    // rest on different devices), and where its inputs must be when it runs.
    virtual c10::Device loadDevice(const std::string& component) const = 0;
    virtual c10::Device computeDevice(const std::string& component) const = 0;
    virtual c10::Device physicalDevice(const std::string& logicalDevice) const = 0;

    // The component is loaded (or a kept one is needed again): from now on its weights follow the
    // plan (moved to their compute device, blocks streamed); no effect while its stage is under
    // way. `blocks` are the component's blocks in the order they run (empty for one without; a family
    // with spatial and temporal blocks interleaves them); their parameters are excluded from
    // `module`'s own moves under `blockPrefixes` (one per block list).
    virtual void attach(const std::string& component, Module& module, const std::vector<Module*>& blocks = {},
                        const std::vector<std::string>& blockPrefixes = {}) = 0;
    // Called when the component's stage is over: before the pipeline frees it (or after a failed
    // attempt unwound it), or, for a component kept loaded, to end the stage only.
    virtual void detach(const std::string& component) = 0;
    // A warm engine keeps the component between generations: the pipeline holds on to the module
    // after detach() and calls attach() with it again when its stage comes round.
    virtual bool keepsLoaded(const std::string& /*component*/) const { return false; }
    // The transformer's per-block hook (blockIndex, beforeBlock); never empty.
    virtual std::function<void(int, bool)> blockCallback() = 0;

    // Classifier-free guidance split: logical device of the unconditional half, "" when the
    // batch of two runs together on the transformer's device.
    virtual std::string cfgUnconditionalDevice() const = 0;
    // That half's own copy of the transformer: read to replicaLoadDevice(), then attached, which
    // places it on cfgUnconditionalDevice() (stored as the preset says: fp8/int8 blocks are narrowed,
    // and widened around each block by replicaBlockCallback()).
    virtual c10::Device replicaLoadDevice() const = 0;
    virtual void attachReplica(Module& replica, const std::vector<Module*>& blocks,
                               const std::vector<std::string>& blockPrefixes) = 0;
    virtual std::function<void(int, bool)> replicaBlockCallback() = 0;
    virtual std::string logicalComputeDevice(const std::string& component) const = 0;
    // Told which half of guidance ran where ("conditional"/"unconditional", logical device).
    virtual void noteForward(const std::string& half, const std::string& logicalDevice) = 0;
};

} // namespace framesmith
