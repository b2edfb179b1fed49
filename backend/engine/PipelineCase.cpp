#include "engine/PipelineCase.h"

#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "models/EvalCaseFixture.h"
#include "engine/GenerationHooks.h"
#include "schedulers/NoiseSource.h"

#include <ATen/ATen.h>

#include <filesystem>
#include <unistd.h>

namespace framesmith {

GenerationRequest PipelineCase::requestFromMetadata(const nlohmann::json& meta, const std::string& modelDir)
{
    if (!meta.contains("call") || !meta["call"].is_object())
        throw InvalidRequestError("metadata", "the case has no \"call\" object");
    const auto& call = meta["call"];
    GenerationRequest r;
    r.modelPath = modelDir;
    r.prompt = call.value("prompt", "");
    r.negativePrompt = call.value("negative_prompt", "");
    r.height = call.value("height", 480);
    r.width = call.value("width", 720);
    r.frameCount = call.value("num_frames", 49);
    r.steps = call.value("num_inference_steps", 50);
    r.guidanceScale = call.value("guidance_scale", 6.0);
    if (call.value("use_dynamic_cfg", false)) // the dynamic guidance knob (cases of families without it have no such call key)
        r.knobs["dynamic_guidance"] = true;
    r.seed = EvalCaseFixture::seedFromCall(call.value("generator", ""));
    return r;
}

std::vector<at::Tensor> PipelineCase::recordedDraws(const SafetensorsReader& input)
{
    std::vector<at::Tensor> draws;
    if (input.find("image_latent_dist.noise"))
        draws.push_back(input.view("image_latent_dist.noise"));
    for (int k = 0; input.find("step" + std::to_string(k) + ".latents"); ++k)
        for (int j = 0; input.find("step" + std::to_string(k) + ".scheduler_noise" + std::to_string(j)); ++j)
            draws.push_back(input.view("step" + std::to_string(k) + ".scheduler_noise" + std::to_string(j)));
    return draws;
}

namespace {

struct QuietSink : ProgressSink {};

// The checkpoint every engine run writes, somewhere it is removed again.
std::string scratchCheckpoint()
{
    namespace fs = std::filesystem;
    static int counter = 0;
    return (fs::temp_directory_path() /
            ("framesmith-eval-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + ".safetensors"))
        .string();
}

} // namespace

std::map<std::string, at::Tensor> PipelineCase::run(const SafetensorsReader& input, const nlohmann::json& meta,
                                                    const std::string& modelDir, const PipelineCaseOptions& options)
{
    GenerationRequest request = requestFromMetadata(meta, modelDir);
    std::map<std::string, at::Tensor> out;
    std::vector<std::int64_t> timesteps;
    GenerationHooks hooks;
    hooks.stepObserver = [&out, &timesteps](const DenoiseStepRecord& r) {
        const std::string p = "step" + std::to_string(r.index) + ".";
        out[p + "latent_model_input"] = r.modelInput;
        out[p + "timestep"] = r.timesteps;
        out[p + "transformer_output"] = r.modelOutput;
        out[p + "guidance_scale"] = at::scalar_tensor(r.guidanceScale, at::kDouble);
        out[p + "noise_pred"] = r.noisePred;
        out[p + "latents"] = r.latents;
        timesteps.push_back(r.timestep);
    };
    hooks.promptsObserver = [&out](const EncodedPrompts& prompts) {
        out["prompt_input_ids"] = prompts.promptIds;
        out["prompt_embeds"] = prompts.promptEmbeds;
        if (prompts.negativePromptEmbeds.defined()) {
            out["negative_prompt_input_ids"] = prompts.negativePromptIds;
            out["negative_prompt_embeds"] = prompts.negativePromptEmbeds;
        }
    };
    std::unique_ptr<NoiseSource> noise;
    if (options.useRecordedNoise)
        noise = std::make_unique<RecordedNoise>(recordedDraws(input));
    else
        noise = std::make_unique<GeneratorNoise>(request.seed);
    hooks.noise = noise.get();
    if (input.find("initial_latents"))
        hooks.initialLatents = input.view("initial_latents");
    if (input.find("image.uint8_hwc")) {
        hooks.startImage = input.view("image.uint8_hwc").clone();
        request.startImagePath = "image.uint8_hwc"; // the case's tensor, passed through the hooks
    }
    GenerateOptions run;
    run.hooks = &hooks;
    run.device = "cpu"; // the reference ran in float32 on the CPU, decoding untiled
    run.isPreviewWanted = false;
    run.isDecodeWanted = options.isDecodeWanted;
    run.saveLatentsPath = scratchCheckpoint();
    Engine engine;
    QuietSink sink;
    CancelToken cancel;
    struct Remove {
        std::string path;
        ~Remove() { std::filesystem::remove(path); }
    } remove{run.saveLatentsPath};
    engine.generate(request, sink, cancel, run);
    out["timesteps"] = at::tensor(timesteps, at::kLong);
    out["final_latents"] = hooks.finalLatents;
    if (options.isDecodeWanted)
        out["video"] = hooks.frames.unsqueeze(0);
    return out;
}

} // namespace framesmith
