#pragma once
// State-dict element counts of the CogVideoX transformer and VAE, from their configs alone. The
// counts follow the reference classes (diffusers 0.36 CogVideoXTransformer3DModel,
// AutoencoderKLCogVideoX) and are tested against tests/fixtures/cogvideox/full-size-configs/
// param_counts.json and the tiny fixture checkpoints. Pure; any thread.
#include "memory/planner/TransformerCount.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"

#include <cstdint>

namespace framesmith {

class CogVideoXParameterCounter {
public:
    static TransformerCount transformer(const CogVideoXTransformerConfig& config);
    static std::int64_t vae(const CogVideoXVaeConfig& config);

private:
    static std::int64_t transformerBlock(const CogVideoXTransformerConfig& config);
    static void transformerBlockMatrices(const CogVideoXTransformerConfig& config, TransformerCount& count);
    static std::int64_t patchEmbed(const CogVideoXTransformerConfig& config);
    static std::int64_t positionalTable(const CogVideoXTransformerConfig& config);
    static std::int64_t vaeResnet(std::int64_t in, std::int64_t out, std::int64_t spatialNormChannels);
    static std::int64_t vaeEncoder(const CogVideoXVaeConfig& config);
    static std::int64_t vaeDecoder(const CogVideoXVaeConfig& config);
};

} // namespace framesmith
