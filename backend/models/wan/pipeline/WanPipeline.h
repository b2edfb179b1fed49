#pragma once
// diffusers WanPipeline and WanImageToVideoPipeline (0.36) behind VideoPipeline: prompt cleaning and
// UMT5 (512 rows, zeros past the prompt), classifier-free guidance as two transformer calls (cond
// first), UniPC or flow-match Euler, text-to-video for every T2V variant, TI2V-5B image-to-video by
// first-frame replacement with per-token timesteps, Wan 2.2 I2V-A14B by channel concatenation, the
// A14B expert switch with only the active expert loaded, decoding through WanVae (tiled when the
// settings say). The request's knobs (WanSpec): guidance_scale_2 for A14B's low-noise expert (unset:
// the request's guidanceScale, as diffusers defaults it), boundary_ratio for where it takes over
// (unset: model_index.json's), flow_shift for the sampler (unset: the scheduler config's). Components load stage by stage through the placement: "text_encoder",
// "transformer", "transformer_2", "vae". Thread: one worker thread constructs, runs, destroys.
#include "models/VideoPipeline.h"
#include "models/wan/pipeline/WanDenoiser.h"
#include "models/wan/pipeline/WanPipelineRules.h"

#include <memory>
#include <optional>

namespace framesmith {

class WanVae;

class WanPipeline : public VideoPipeline {
public:
    using WanStepObserver = std::function<void(const WanStepRecord&)>;

    // Reads model_index.json and the transformer/VAE configs (no weights); throws FileError.
    WanPipeline(std::string modelDir, PipelineResources resources);
    ~WanPipeline() override;

    std::string family() const override { return "wan"; }
    const std::string& modelDir() const override { return m_modelDir; }
    ParameterSpec parameterSpec() const override;
    // The cleaned prompt in the umt5 tokenizer (</s> included) against 512; reads tokenizer/ only.
    PromptTokenCount countPromptTokens(const std::string& text) const override;
    const WanPipelineRules& rules() const { return m_rules; }
    const WanModelIndex& modelIndex() const { return m_index; }

    const EncodedPrompts& encodeText(const GenerationRequest& request) override;
    bool reuseEncodedPrompts(const GenerationRequest& request, const EncodedPrompts& prompts) override;
    void prepareDenoising(const GenerationRequest& request, const at::Tensor& startImage,
                          const std::optional<at::Tensor>& initialLatents, NoiseSource& noise) override;
    int stepCount() const override { return m_denoiser ? m_denoiser->stepCount() : 0; }
    double timestep(int index) const override { return m_denoiser->timestep(index); }
    int expertAt(int index) const { return m_denoiser->expertAt(index); } // 0: transformer, 1: transformer_2
    void denoiseStep(int index, NoiseSource& noise) override;
    at::Tensor latents() const override; // [1, F, C, h, w]
    StepState denoiseState() const override; // the sampler's
    void restoreDenoising(const at::Tensor& latents, const StepState& state) override;
    void releaseDenoiser() override;

    at::Tensor decode(const at::Tensor& latents, const GenerationRequest& request, const DecodeSettings& settings,
                      const ChunkProgress& progress) override;
    void releaseDecoder() override;

    // The parity taps: each step under the fixtures' names, the last decode's input and output.
    void setWanStepObserver(WanStepObserver observer) { m_wanObserver = std::move(observer); }
    const at::Tensor& preprocessedImage() const { return m_image; } // `image_preprocessed` [1, 3, H, W]
    const at::Tensor& conditionTensor() const { return m_condition; } // the fixtures' `condition`
    const at::Tensor& imageEmbeds() const { return m_imageEmbeds; }   // Wan 2.1 I2V's `image_embeds`
    const at::Tensor& lastDecodeInput() const { return m_decodeInput; }  // vae_decode_input [1, z, F, h, w]
    const at::Tensor& lastDecoded() const { return m_decoded; }          // decoded [1, 3, T, H, W] in [−1, 1]

private:
    void usePrompts(bool withGuidance);
    bool isKept(const char* component) const;
    c10::Device computeDevice(const char* component) const;
    void loadVae();
    at::Tensor initialLatents(const GenerationRequest& request, const std::optional<at::Tensor>& injected,
                              NoiseSource& noise) const;
    at::Tensor encodeImage(const at::Tensor& startImage) const;
    WanDenoiserInputs conditionInputs(WanRunMode mode, const at::Tensor& startImage, const GenerationRequest& request);

    std::string m_modelDir;
    PipelineResources m_resources;
    WanModelIndex m_index;
    WanPipelineRules m_rules;
    WanVaeConfig m_vaeConfig;

    EncodedPrompts m_prompts;
    at::Tensor m_promptEmbeds, m_negativePromptEmbeds; // in the compute dtype; negative undefined without CFG
    std::unique_ptr<WanExperts> m_experts;
    std::unique_ptr<WanDenoiser> m_denoiser;
    at::Tensor m_finalLatents; // [1, C, F, h, w] once the denoiser is released
    at::Tensor m_image; // the start image at the clip's size in [−1, 1]; undefined in text-to-video
    at::Tensor m_condition, m_imageEmbeds;
    std::shared_ptr<WanVae> m_vae;
    at::Tensor m_decodeInput, m_decoded;
    WanStepObserver m_wanObserver;
};

} // namespace framesmith
