#pragma once
// A CogVideoX diffusers folder as the memory planner sees it: its transformer, VAE and T5 configs
// (read by their one parser each), parameter counts and per-stage activation models. Pure values;
// any thread.
#include "memory/planner/ModelPlanning.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"
#include "text/T5Config.h"

#include <string>

namespace framesmith {

class CogVideoXPlanning : public ModelPlanning {
public:
    CogVideoXPlanning(CogVideoXTransformerConfig transformer, CogVideoXVaeConfig vae, T5Config textEncoder);
    // transformer/, vae/ and text_encoder/config.json; throws FileError naming the file and key.
    static CogVideoXPlanning fromFolder(const std::string& folder);

    ModelFootprint footprint(const MemoryPreset& preset) const override;
    std::int64_t textEncodeBytes(const GenerationRequest& request, ComputeDtype dtype) const override;
    std::int64_t denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                              AttentionPath attention) const override;
    double denoiseFlops(const GenerationRequest& request, int batch) const override;
    std::int64_t denoiseSequenceLength(const GenerationRequest& request) const override;
    std::int64_t vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset, bool isCpu) const override;

    const CogVideoXTransformerConfig& transformer() const { return m_transformer; }
    const CogVideoXVaeConfig& vae() const { return m_vae; }
    const T5Config& textEncoder() const { return m_textEncoder; }

private:
    CogVideoXTransformerConfig m_transformer;
    CogVideoXVaeConfig m_vae;
    T5Config m_textEncoder;
};

} // namespace framesmith
