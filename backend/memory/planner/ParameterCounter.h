#pragma once
// Parameter (state-dict element) counts of each component, from its config alone. The counts
// follow the reference classes (diffusers 0.36 CogVideoXTransformer3DModel, AutoencoderKLCogVideoX,
// transformers 4.43 T5EncoderModel) and are tested against tests/fixtures/cogvideox/full-size-configs/
// param_counts.json and the tiny fixture checkpoints.
#include "memory/planner/ModelConfigs.h"

#include <cstdint>

namespace framesmith {

struct TransformerCount {
    std::int64_t baseElements = 0;       // stored, outside transformer_blocks
    std::int64_t perBlockElements = 0;
    std::int64_t perBlockMatrixElements = 0; // the block's 2-D weights (what fp8/int8 storage narrows) ...
    std::int64_t perBlockMatrixRows = 0;     // ... and their output rows (one float32 scale each)
    int blockCount = 0;
    std::int64_t bufferElements = 0;     // non-persistent sincos table (built, not stored)

    std::int64_t stateDictElements() const { return baseElements + perBlockElements * blockCount; }
};

class ParameterCounter {
public:
    static TransformerCount transformer(const TransformerConfig& config);
    static std::int64_t vae(const VaeConfig& config);
    static std::int64_t textEncoder(const TextEncoderConfig& config); // tied embedding counted once

private:
    static std::int64_t transformerBlock(const TransformerConfig& config);
    static void transformerBlockMatrices(const TransformerConfig& config, TransformerCount& count);
    static std::int64_t patchEmbed(const TransformerConfig& config);
    static std::int64_t positionalTable(const TransformerConfig& config);
    static std::int64_t vaeResnet(std::int64_t in, std::int64_t out, std::int64_t spatialNormChannels);
    static std::int64_t vaeEncoder(const VaeConfig& config);
    static std::int64_t vaeDecoder(const VaeConfig& config);
};

} // namespace framesmith
