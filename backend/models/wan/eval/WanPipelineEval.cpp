// `eval pipeline` for golden/pipeline/<name>.safetensors: the case's call (prompts, size, frames,
// steps, guidance and guidance_2, seed from its metadata; the start image and the recorded noise
// from its tensors) run through WanPipeline's stages in the runner's order, every output under the
// fixture's names. FRAMESMITH_EVAL_NOISE=generator draws from the seeded CPU generator instead.
#include "models/wan/eval/WanPipelineEval.h"

#include "framesmith/Error.h"
#include "models/EvalCaseFixture.h"
#include "models/EvalDevice.h"
#include "models/wan/WanSpec.h"
#include "models/wan/pipeline/WanPipeline.h"
#include "models/wan/sampling/WanTokenTimesteps.h"

#include <ATen/ATen.h>

#include <cstdlib>
#include <cstring>

namespace framesmith {

namespace {

using nlohmann::json;

GenerationRequest requestOf(const json& meta, const std::string& modelDir)
{
    if (!meta.contains("settings") || !meta["settings"].is_object())
        throw InvalidRequestError("metadata", "the Wan pipeline case has no \"settings\" object");
    const json& s = meta["settings"];
    GenerationRequest r;
    r.modelPath = modelDir;
    r.prompt = meta.value("prompt", "");
    r.negativePrompt = meta.value("negative_prompt", "");
    r.height = s.value("height", 480);
    r.width = s.value("width", 832);
    r.frameCount = s.value("num_frames", 81);
    r.steps = s.value("steps", 50);
    r.guidanceScale = s.value("guidance", 5.0);
    r.seed = s.value("seed", std::uint64_t(0));
    return r;
}

std::unique_ptr<NoiseSource> noiseFor(const SafetensorsReader& input, std::uint64_t seed)
{
    const char* mode = std::getenv("FRAMESMITH_EVAL_NOISE");
    if ((mode && std::strcmp(mode, "generator") == 0) || !input.find("noise"))
        return std::make_unique<GeneratorNoise>(seed);
    return std::make_unique<RecordedNoise>(std::vector<at::Tensor>{input.view("noise")});
}

void recordStep(const WanStepRecord& r, EvalOutputs& out)
{
    const std::string p = "step" + std::to_string(r.index) + "_";
    out[p + "model_input"] = r.modelInput;
    out[p + "timestep"] = r.timestepInput;
    out[p + "noise_pred_cond"] = r.noisePredCond;
    if (r.noisePredUncond.defined())
        out[p + "noise_pred_uncond"] = r.noisePredUncond;
    out[p + "latents"] = r.latents;
}

EvalOutputs evalPipeline(const EvalCase& c)
{
    const std::string modelDir = EvalCaseFixture::resolveFixturePath(c.meta.value("model_dir", ""), c.casePath, c.modelDir);
    GenerationRequest request = requestOf(c.meta, modelDir);
    at::Tensor image;
    if (c.input.find("image_uint8")) {
        image = c.input.view("image_uint8").clone();
        request.startImagePath = "image_uint8"; // the case's tensor, handed to prepareDenoising
    }
    PipelineResources resources;
    resources.device = resources.textEncoderDevice = evalDevice();
    resources.dtype = evalDtype(at::kFloat);
    const json& settings = c.meta["settings"];
    if (settings.contains("guidance_2") && settings["guidance_2"].is_number())
        request.knobs[WanSpec::kGuidanceScale2] = settings["guidance_2"].get<double>();
    WanPipeline pipeline(modelDir, resources);
    EvalOutputs out;
    std::vector<std::int64_t> timesteps, experts;
    pipeline.setWanStepObserver([&](const WanStepRecord& r) {
        recordStep(r, out);
        timesteps.push_back(static_cast<std::int64_t>(r.timestep));
        experts.push_back(r.expert);
    });
    const EncodedPrompts& prompts = pipeline.encodeText(request);
    out["prompt_embeds"] = prompts.promptEmbeds;
    if (prompts.negativePromptEmbeds.defined())
        out["negative_prompt_embeds"] = prompts.negativePromptEmbeds;
    auto noise = noiseFor(c.input, request.seed);
    pipeline.prepareDenoising(request, image, std::nullopt, *noise);
    out["noise"] = pipeline.latents().permute({0, 2, 1, 3, 4}).clone();
    if (image.defined()) {
        out["image_uint8"] = image;
        out["image_preprocessed"] = pipeline.preprocessedImage();
        out["condition"] = pipeline.conditionTensor();
        if (pipeline.imageEmbeds().defined())
            out["image_embeds"] = pipeline.imageEmbeds();
        if (pipeline.modelIndex().expandTimesteps)
            out["first_frame_mask"] = WanTokenTimesteps::firstFrameMask(out["noise"].size(2), out["noise"].size(3),
                                                                        out["noise"].size(4));
    }
    for (int i = 0; i < pipeline.stepCount(); ++i)
        pipeline.denoiseStep(i, *noise);
    pipeline.releaseDenoiser();
    out["timesteps"] = at::tensor(timesteps, at::kLong);
    out["expert_per_step"] = at::tensor(experts, at::kLong);
    const at::Tensor frames = pipeline.decode(pipeline.latents(), request, DecodeSettings{}, {});
    out["vae_decode_input"] = pipeline.lastDecodeInput();
    out["decoded"] = pipeline.lastDecoded();
    out["frames"] = frames.permute({0, 2, 3, 1}).unsqueeze(0); // [1, T, H, W, 3]
    pipeline.releaseDecoder();
    for (auto& entry : out)
        entry.second = entry.second.to(at::kCPU).contiguous();
    return out;
}

} // namespace

EvalKind wanPipelineEval()
{
    return {"pipeline", "a full Wan pipeline call of golden/pipeline/<name>.safetensors", evalPipeline};
}

} // namespace framesmith
