#pragma once
// An Open-Sora 1.2 model as the memory planner sees it, from the STDiT3, VAE (+ 2-D VAE) and T5
// configs: weight bytes per component and per block (28 spatial + 28 temporal blocks streamed in
// execution order; T5 counted in float32, the dtype Open-Sora runs it in), the working memory of
// T5 over 300 tokens, of one guided STDiT3 step (STDiT3ActivationModel) and of the VAE decode
// (OpenSoraVaeWorkingSet). Requests the model cannot take are refused before any arithmetic.
// Pure values; any thread.
#include "memory/planner/ModelPlanning.h"
#include "models/opensora/transformer/STDiT3Config.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"
#include "text/T5Config.h"

#include <array>
#include <string>

namespace framesmith {

struct OpenSoraModelLayout;

class OpenSoraPlanning : public ModelPlanning {
public:
    OpenSoraPlanning(STDiT3Config transformer, OpenSoraVaeConfig vae, T5Config textEncoder);
    // The configs of the model at `folder` (OpenSoraModelLayout); FileError naming file and key.
    static OpenSoraPlanning fromFolder(const std::string& folder);

    ModelFootprint footprint(const MemoryPreset& preset) const override;
    std::int64_t textEncodeBytes(const GenerationRequest& request, ComputeDtype dtype) const override;
    std::int64_t denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                              AttentionPath attention) const override;
    double denoiseFlops(const GenerationRequest& request, int batch) const override;
    std::int64_t vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset, bool isCpu) const override;

    // [T, h, w] of the latents (VideoAutoencoderPipeline.get_latent_size); InvalidRequestError("request").
    std::array<std::int64_t, 3> latentSize(const GenerationRequest& request) const;

private:
    STDiT3Config m_transformer;
    OpenSoraVaeConfig m_vae;
    T5Config m_textEncoder;
};

} // namespace framesmith
