#pragma once
// diffusers CogVideoXPipeline and CogVideoXImageToVideoPipeline (v0.36) behind VideoPipeline: T5
// prompts, classifier-free guidance with batch [negative, positive], dynamic guidance, the model's
// (or a requested) scheduler, RoPE / ofs / 1.5 frame padding, start-image latents, VAE decoding.
// Thread: one worker thread constructs, runs and destroys it.
#include "models/VideoPipeline.h"
#include "models/cogvideox/pipeline/CogVideoXPipelineGeometry.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"
#include "models/lora/LoraApplier.h"
#include "schedulers/Scheduler.h"

#include <memory>
#include <optional>

namespace framesmith {

class CogVideoXGuidedForward;
class T5Encoder;
class CogVideoXTransformer3D;
class CogVideoXVae;
struct RotaryEmbedding;

class CogVideoXPipeline : public VideoPipeline {
public:
    // Reads model_index.json and the transformer/VAE configs (no weights yet).
    CogVideoXPipeline(std::string modelDir, PipelineResources resources);
    ~CogVideoXPipeline() override;

    std::string family() const override { return "cogvideox"; }
    const std::string& modelDir() const override { return m_modelDir; }
    ParameterSpec parameterSpec() const override;
    PromptTokenCount countPromptTokens(const std::string& text) const override;
    bool isImageToVideo() const { return m_isImageToVideo; }
    const CogVideoXTransformerConfig& transformerConfig() const { return m_transformerConfig; }
    const CogVideoXVaeConfig& vaeConfig() const { return m_vaeConfig; }

    const EncodedPrompts& encodeText(const GenerationRequest& request) override;
    bool reuseEncodedPrompts(const GenerationRequest& request, const EncodedPrompts& prompts) override;
    void prepareDenoising(const GenerationRequest& request, const at::Tensor& startImage,
                          const std::optional<at::Tensor>& initialLatents, NoiseSource& noise) override;
    int stepCount() const override;
    double timestep(int index) const override;
    void denoiseStep(int index, NoiseSource& noise) override;
    at::Tensor latents() const override { return m_latents; }
    StepState denoiseState() const override; // the scheduler's
    void restoreDenoising(const at::Tensor& latents, const StepState& state) override;
    void releaseDenoiser() override;

    at::Tensor decode(const at::Tensor& latents, const GenerationRequest& request, const DecodeSettings& settings,
                      const ChunkProgress& progress) override;
    void releaseDecoder() override;

    // Start-image conditioning of the last prepareDenoising (undefined for text-to-video).
    const at::Tensor& imageLatents() const { return m_imageLatents; }
    const at::Tensor& preprocessedImage() const { return m_preprocessedImage; }
    const CogVideoXPipelineGeometry& geometry() const { return m_geometry; }

private:
    double guidanceAt(std::int64_t timestep) const;
    bool isKept(const char* component) const; // the placement keeps it loaded between generations
    void usePrompts(bool withGuidance);      // m_prompts -> the transformer's prompt batch
    at::Tensor modelInput() const;
    PipelineResources resourcesFor(const char* component) const; // device: where the component computes
    void loadTransformer(const GenerationRequest& request);
    void applyLoras(const GenerationRequest& request);
    void loadVae();
    at::Tensor initialLatents(const std::optional<at::Tensor>& injected, NoiseSource& noise) const;

    std::string m_modelDir;
    PipelineResources m_resources;
    bool m_isImageToVideo = false;
    CogVideoXTransformerConfig m_transformerConfig;
    CogVideoXVaeConfig m_vaeConfig;

    EncodedPrompts m_prompts;
    std::shared_ptr<T5Encoder> m_textEncoder; // between stages only when the placement keeps it
    at::Tensor m_promptBatch;             // [B*cfg, 226, D]: [negative, positive] with guidance
    std::shared_ptr<CogVideoXTransformer3D> m_transformer;
    std::shared_ptr<CogVideoXVae> m_vae;
    std::unique_ptr<CogVideoXGuidedForward> m_guidance;
    LoraApplier m_loras;                  // what the request's LoRAs did to m_transformer
    std::vector<WeightedLora> m_loraSet;  // ... and the set itself, for the guidance replica
    LoraMode m_loraMode = LoraMode::Merge;
    std::unique_ptr<Scheduler> m_scheduler;
    std::unique_ptr<RotaryEmbedding> m_rope;
    std::optional<at::Tensor> m_ofs;
    CogVideoXPipelineGeometry m_geometry;
    at::Tensor m_latents;                 // [1, F, C, h, w] in the compute dtype
    at::Tensor m_imageLatents;            // [1, F, C, h, w] (I2V)
    at::Tensor m_preprocessedImage;
    double m_guidanceScale = 6.0;
    bool m_useDynamicGuidance = false;
};

} // namespace framesmith
