#include "memory/placement/PlacementPlanner.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceNames.h"
#include "memory/presets/MemoryStrategyRegistry.h"
#include "memory/planner/ParameterCounter.h"
#include "memory/placement/QuantizedWeight.h"

namespace framesmith {

int bytesPerElement(ComputeDtype dtype) { return dtype == ComputeDtype::Float32 ? 4 : 2; }

ModelFootprint PlacementPlanner::footprint(const ModelConfigs& configs, const MemoryPreset& preset)
{
    const std::int64_t b = bytesPerElement(preset.dtype);
    ModelFootprint f;
    f.textEncoderBytes = ParameterCounter::textEncoder(configs.textEncoder) * b;
    if (preset.dtype == ComputeDtype::Float16) {
        // transformers keeps T5's `wo` in float32 under fp16 (_keep_in_fp32_modules).
        const TextEncoderConfig& t = configs.textEncoder;
        f.textEncoderBytes += static_cast<std::int64_t>(t.numLayers) * t.dFf * t.dModel * 2;
    }
    const TransformerCount t = ParameterCounter::transformer(configs.transformer);
    f.transformerBaseBytes = t.baseElements * b;
    f.transformerBlockBytes = t.perBlockElements * b;
    if (preset.weightStorage != WeightStorage::Native) {
        // fp8/int8 storage (memory/QuantizedWeight): one byte per matrix element and a float32 scale
        // per row; vectors, embeddings and output layers stay in the compute dtype.
        f.transformerBlockBytes = (t.perBlockElements - t.perBlockMatrixElements) * b + t.perBlockMatrixElements +
                                  t.perBlockMatrixRows * 4;
        f.transformerWidenBytes = t.perBlockMatrixElements * b + QuantizedWeight::widenWorkspaceBytes();
    }
    f.transformerBlockCount = t.blockCount;
    f.transformerBufferBytes = t.bufferElements * b;
    f.vaeBytes = ParameterCounter::vae(configs.vae) * b;
    return f;
}

PlacementPlan PlacementPlanner::build(const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                                      const ModelFootprint& footprint)
{
    std::vector<DeviceInfo> gpus;
    for (const DeviceInfo& d : devices)
        if (d.isCuda())
            gpus.push_back(d);
    const std::string primary = gpus.empty() ? "cpu" : deviceName(gpus.front());

    PlacementPlan plan;
    auto add = [&](std::string module, Component component, int block, std::int64_t bytes) {
        ModulePlacement m;
        m.module = std::move(module);
        m.component = component;
        m.blockIndex = block;
        m.homeDevice = primary;
        m.computeDevice = primary;
        m.bytes = bytes;
        plan.modules().push_back(std::move(m));
    };
    add("text_encoder", Component::TextEncoder, -1, footprint.textEncoderBytes);
    add("transformer", Component::Transformer, -1, footprint.transformerBaseBytes + footprint.transformerBufferBytes);
    for (int i = 0; i < footprint.transformerBlockCount; ++i)
        add("transformer.transformer_blocks." + std::to_string(i), Component::Transformer, i,
            footprint.transformerBlockBytes);
    add("vae", Component::Vae, -1, footprint.vaeBytes);

    plan.setNarrowedBlocks(preset.weightStorage != WeightStorage::Native);
    const StrategyContext context{preset, gpus, footprint, primary};
    for (const std::string& name : preset.strategies) {
        const MemoryStrategy* strategy = findMemoryStrategy(name);
        if (!strategy)
            throw InvalidRequestError("preset.strategies", "unknown strategy '" + name + "' in preset '" +
                                                               preset.name + "' (known: " + memoryStrategyNames() + ")");
        strategy->shapePlacement(context, plan);
    }
    return plan;
}

} // namespace framesmith
