#include "memory/planner/WeightBytes.h"

#include "memory/placement/QuantizedWeight.h"
#include "memory/planner/ActivationEstimator.h"

namespace framesmith {

std::int64_t WeightBytes::perElement(ComputeDtype dtype)
{
    return ActivationEstimator::elementBytes(dtype);
}

ComponentFootprint& WeightBytes::addTransformer(ModelFootprint& f, const std::string& name, const std::string& blockKey,
                                                const TransformerCount& t, const MemoryPreset& preset)
{
    const std::int64_t b = perElement(preset.dtype);
    ComponentFootprint& c = f.add(name, ComponentRole::Denoiser, t.baseElements * b);
    c.blocks.key = blockKey;
    c.blocks.blockBytes = t.perBlockElements * b;
    if (preset.weightStorage != WeightStorage::Native) {
        c.blocks.blockBytes = (t.perBlockElements - t.perBlockMatrixElements) * b + t.perBlockMatrixElements +
                              t.perBlockMatrixRows * 4;
        c.blocks.widenBytes = t.perBlockMatrixElements * b + QuantizedWeight::widenWorkspaceBytes();
    }
    c.blocks.blockCount = t.blockCount;
    c.bufferBytes = t.bufferElements * b;
    return c;
}

} // namespace framesmith
