#pragma once
// A model footprint shaped like the demo models' (text encoder, a transformer with
// "transformer_blocks", a VAE), from its byte counts: what placement and strategy tests plan for
// without reading a model.
#include "memory/planner/ModelFootprint.h"

namespace framesmith::test {

inline ModelFootprint threeComponentFootprint(std::int64_t textEncoderBytes, std::int64_t transformerBaseBytes,
                                              std::int64_t blockBytes, int blockCount, std::int64_t bufferBytes,
                                              std::int64_t vaeBytes)
{
    ModelFootprint f;
    f.add("text_encoder", ComponentRole::TextEncoder, textEncoderBytes);
    ComponentFootprint& transformer = f.add("transformer", ComponentRole::Denoiser, transformerBaseBytes);
    transformer.bufferBytes = bufferBytes;
    transformer.blocks = BlockStructure{"transformer_blocks", blockBytes, blockCount, 0};
    f.add("vae", ComponentRole::Vae, vaeBytes);
    return f;
}

} // namespace framesmith::test
