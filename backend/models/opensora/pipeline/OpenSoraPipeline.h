#pragma once
// Open-Sora 1.2 behind VideoPipeline, as scripts/inference.py runs sample.py: the
// prompt path (loop 0, aesthetic score 6.5, caption cleaning) and T5 with 300 tokens, RFLOW with
// classifier-free guidance against the model's own null caption, the latent size of the VAE's
// rule, noise drawn from the request's seed in the reference's order (initial latents, then one
// draw per step), image/video conditioning through its mask strategy (OpenSoraConditioning), and
// decoding through OpenSoraVae. modelDir is the folder that holds the three
// repos (or their Hugging Face cache entries). Thread: one worker thread constructs, runs, destroys.
#include "models/VideoPipeline.h"
#include "models/lora/LoraApplier.h"
#include "models/opensora/sampling/OpenSoraDenoiser.h"
#include "models/opensora/OpenSoraTextEncoder.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"
#include "models/opensora/transformer/STDiT3Config.h"

#include <memory>

namespace framesmith {

class OpenSoraVae;
struct OpenSoraModelLayout;

class OpenSoraPipeline : public VideoPipeline {
public:
    // modelDir: the folder holding the repos or the STDiT3 repo folder (OpenSoraModelLayout).
    // Reads the three configs (no weights yet); throws FileError naming a missing repo or file.
    OpenSoraPipeline(std::string modelDir, PipelineResources resources);
    ~OpenSoraPipeline() override;

    std::string family() const override { return "opensora"; }
    const std::string& modelDir() const override { return m_modelDir; }
    ParameterSpec parameterSpec() const override;

    // Refuses what Open-Sora cannot run before any model is loaded (InvalidRequestError naming the field).
    void checkRequest(const GenerationRequest& request) const;
    const EncodedPrompts& encodeText(const GenerationRequest& request) override;
    // Replaces encodeText with given T5 output (y [1, 1, 300, D], mask [1, 300]): parity runs.
    void setTextEmbedding(const at::Tensor& y, const at::Tensor& mask);
    void prepareDenoising(const GenerationRequest& request, const at::Tensor& startImage,
                          const std::optional<at::Tensor>& initialLatents, NoiseSource& noise) override;
    int stepCount() const override;
    double timestep(int index) const override; // RFLOW's flow time (fractional, float32-exact)
    void denoiseStep(int index, NoiseSource& noise) override;
    at::Tensor latents() const override; // [1, T, C, h, w] (the interface's layout)
    StepState denoiseState() const override; // RFLOW's frame-mask state
    void restoreDenoising(const at::Tensor& latents, const StepState& state) override;
    void releaseDenoiser() override;

    at::Tensor decode(const at::Tensor& latents, const GenerationRequest& request, const DecodeSettings& settings,
                      const ChunkProgress& progress) override;
    void releaseDecoder() override;

    // [T, h, w] of the latents for a request (OpenSoraVae::latentSize).
    std::vector<std::int64_t> latentSize(const GenerationRequest& request) const;
    const STDiT3Config& transformerConfig() const { return m_transformerConfig; }
    // Every step as the fixtures record it (stepK.*), besides the generic DenoiseStepRecord.
    void setOpenSoraStepObserver(OpenSoraDenoiser::StepObserver observer) { m_openSoraObserver = std::move(observer); }

private:
    OpenSoraPipeline(const OpenSoraModelLayout& layout, const std::string& modelDir, PipelineResources resources);
    OpenSoraRflowSettings settingsFor(const GenerationRequest& request) const;
    OpenSoraModelKwargs kwargsFor(const GenerationRequest& request) const;
    void loadTransformer(const GenerationRequest& request);
    bool isKept(const std::string& component) const; // the placement keeps it loaded between runs
    void loadVae();
    // The request's references encoded and written over z [1, C, T, h, w]; the frame mask [1, T]
    // (undefined for text-to-video).
    at::Tensor condition(const GenerationRequest& request, const at::Tensor& startImage, at::Tensor& z);

    std::string m_modelDir;
    PipelineResources m_resources;
    std::string m_transformerDir, m_vaeDir, m_spatialVaeDir, m_textEncoderDir;
    STDiT3Config m_transformerConfig;
    OpenSoraVaeConfig m_vaeConfig;

    EncodedPrompts m_prompts;
    at::Tensor m_y;    // [1, 1, 300, D] float32
    at::Tensor m_mask; // [1, 300]
    std::shared_ptr<STDiT3> m_transformer;
    LoraApplier m_loras;                  // what the request's LoRAs did to m_transformer
    std::unique_ptr<OpenSoraDenoiser> m_denoiser;
    at::Tensor m_finalLatents; // [1, T, C, h, w] once the denoiser is released
    std::shared_ptr<OpenSoraVae> m_vae;
    double m_guidanceScale = 7.0;
    OpenSoraDenoiser::StepObserver m_openSoraObserver;
};

} // namespace framesmith
