#include "memory/planner/WeightBytes.h"

#include "memory/placement/QuantizedWeight.h"
#include "memory/planner/ActivationEstimator.h"

namespace framesmith {

std::int64_t WeightBytes::perElement(ComputeDtype dtype)
{
    return ActivationEstimator::elementBytes(dtype);
}

void WeightBytes::addTransformer(ModelFootprint& f, const TransformerCount& t, const MemoryPreset& preset)
{
    const std::int64_t b = perElement(preset.dtype);
    f.transformerBaseBytes = t.baseElements * b;
    f.transformerBlockBytes = t.perBlockElements * b;
    if (preset.weightStorage != WeightStorage::Native) {
        f.transformerBlockBytes = (t.perBlockElements - t.perBlockMatrixElements) * b + t.perBlockMatrixElements +
                                  t.perBlockMatrixRows * 4;
        f.transformerWidenBytes = t.perBlockMatrixElements * b + QuantizedWeight::widenWorkspaceBytes();
    }
    f.transformerBlockCount = t.blockCount;
    f.transformerBufferBytes = t.bufferElements * b;
}

} // namespace framesmith
