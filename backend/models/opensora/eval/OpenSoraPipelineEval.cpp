#include "models/opensora/eval/OpenSoraPipelineEval.h"

#include "framesmith/Error.h"
#include "models/EvalDevice.h"
#include "models/opensora/OpenSoraAspectTables.h"
#include "models/opensora/OpenSoraRepoFolders.h"
#include "models/opensora/OpenSoraTextEncoder.h"
#include "models/opensora/vae/OpenSoraVae.h"
#include "models/opensora/eval/STDiT3Eval.h"
#include "models/opensora/sampling/OpenSoraDenoiser.h"
#include "models/opensora/text/OpenSoraPromptSyntax.h"

#include <ATen/ATen.h>

#include <cstdlib>
#include <cstring>

namespace framesmith {

namespace {

using nlohmann::json;
using Outputs = std::map<std::string, at::Tensor>;

// The config dict main() ran with: the JSON object inside the metadata's "call" text.
json callConfig(const json& meta)
{
    const std::string call = meta.value("call", std::string());
    const std::size_t open = call.find('{');
    if (open == std::string::npos)
        return json::object();
    json config = json::parse(call.substr(open, call.rfind('}') + 1 - open), nullptr, false);
    return config.is_object() ? config : json::object();
}

std::optional<double> optionalNumber(const json& meta, const char* key, std::optional<double> fallback)
{
    if (!meta.contains(key))
        return fallback;
    return meta[key].is_number() ? std::optional<double>(meta[key].get<double>()) : std::nullopt;
}

// get_num_frames: a count or a NUM_FRAMES_MAP name ("4s").
int frameCount(const json& value)
{
    if (value.is_number_integer())
        return value.get<int>();
    if (auto frames = value.is_string() ? OpenSoraAspectTables::numFrames(value.get<std::string>()) : std::nullopt)
        return *frames;
    throw InvalidRequestError("num_frames", "not a frame count: " + value.dump());
}

// image_size, or get_image_size(resolution, aspect_ratio) as main() does without one.
std::pair<int, int> imageSize(const json& meta, const json& config)
{
    const json size = meta.contains("image_size") ? meta["image_size"] : config.value("image_size", json());
    if (size.is_array() && size.size() == 2)
        return {size[0].get<int>(), size[1].get<int>()};
    const auto named = OpenSoraAspectTables::imageSize(config.value("resolution", std::string()),
                                                       config.value("aspect_ratio", std::string()));
    if (!named)
        throw InvalidRequestError("image_size", "the case names neither image_size nor a known resolution/aspect_ratio");
    return {named->height, named->width};
}

struct CaseSettings {
    std::vector<std::string> prompts;
    int height = 0, width = 0, frames = 0, fps = 24;
    std::optional<double> aes, flow;
    OpenSoraRflowSettings rflow;
    c10::ScalarType dtype = at::kFloat;
};

CaseSettings settingsOf(const json& meta)
{
    const json config = callConfig(meta);
    const json scheduler = config.value("scheduler", json::object());
    CaseSettings s;
    for (const json& p : meta.at("prompts").at("raw"))
        s.prompts.push_back(p.get<std::string>());
    const auto size = imageSize(meta, config);
    s.height = size.first;
    s.width = size.second;
    s.frames = frameCount(meta.contains("num_frames") ? meta["num_frames"] : config.value("num_frames", json(51)));
    s.fps = config.value("fps", 24);
    s.aes = optionalNumber(meta, "aes", OpenSoraPromptSyntax::kAestheticScore);
    s.flow = optionalNumber(meta, "flow", std::nullopt);
    s.rflow.steps = scheduler.value("num_sampling_steps", meta.value("num_sampling_steps", 30));
    s.rflow.cfgScale = scheduler.value("cfg_scale", meta.value("cfg_scale", 7.0));
    s.rflow.useTimestepTransform = scheduler.value("use_timestep_transform", true);
    s.rflow.numTimesteps = scheduler.value("num_timesteps", 1000);
    // The case's dtype, or FRAMESMITH_EVAL_DTYPE's (the size conditioning follows it, as in the reference).
    s.dtype = evalDtype(STDiT3Eval::dtypeFromName(meta.value("dtype", std::string("float32"))));
    return s;
}

std::unique_ptr<NoiseSource> noiseFor(const SafetensorsReader& file, int steps)
{
    const char* mode = std::getenv("FRAMESMITH_EVAL_NOISE");
    if (!(mode && std::strcmp(mode, "generator") == 0) && file.find("initial_noise")) {
        std::vector<at::Tensor> draws{file.view("initial_noise")};
        for (int k = 0; k < steps; ++k)
            draws.push_back(file.view("step" + std::to_string(k) + ".mask_noise"));
        return std::make_unique<RecordedNoise>(draws);
    }
    return std::make_unique<GeneratorNoise>(1024); // torch.manual_seed(1024) right before the noise
}

void encodeText(const std::string& root, const CaseSettings& s, Outputs& out)
{
    std::vector<std::string> prepared;
    for (const std::string& raw : s.prompts)
        prepared.push_back(OpenSoraPromptSyntax::prepare(raw, s.aes, s.flow));
    // Float32 on the eval device: Open-Sora's T5Encoder keeps float32 whatever the model dtype.
    OpenSoraTextEncoder encoder(OpenSoraRepoFolders::require(root, OpenSoraRepoFolders::kT5), evalDevice(), at::kFloat);
    OpenSoraTextEmbedding text = encoder.encode(prepared);
    out["t5.input_ids"] = text.inputIds;
    out["t5.attention_mask"] = text.mask;
    out["t5.last_hidden_state"] = text.y.squeeze(1);
    out["y"] = text.y;
    out["mask"] = text.mask;
}

void denoise(const std::shared_ptr<STDiT3>& model, const CaseSettings& s, const std::vector<std::int64_t>& latent,
             NoiseSource& noise, Outputs& out)
{
    const std::int64_t B = static_cast<std::int64_t>(s.prompts.size());
    const c10::Device device = evalDevice();
    // On the CPU as the pipeline keeps them (the timesteps are computed there; the model moves them).
    const OpenSoraModelKwargs kwargs = OpenSoraModelKwargs::make(static_cast<int>(B), s.height, s.width, s.frames,
                                                                 s.fps, s.dtype);
    out["model_kwargs.height"] = kwargs.height.to(at::kFloat);
    out["model_kwargs.width"] = kwargs.width.to(at::kFloat);
    out["model_kwargs.num_frames"] = kwargs.numFrames.to(at::kFloat);
    out["model_kwargs.ar"] = kwargs.ar.to(at::kFloat);
    out["model_kwargs.fps"] = kwargs.fps.to(at::kFloat);
    out["y_null"] = model->nullCaption(B).to(at::kFloat);
    // Drawn on the CPU (the reference's generator) and moved.
    out["initial_noise"] = noise.draw({B, model->config().inChannels, latent[0], latent[1], latent[2]},
                                      at::empty({0}, at::TensorOptions().device(device)), "initial latents");
    out["t2v_mask"] = at::ones({B, latent[0]}, at::kFloat);
    OpenSoraDenoiser denoiser(model, s.rflow);
    denoiser.start(out["y"], out["mask"], kwargs, out["initial_noise"], s.frames);
    for (int k = 0; k < denoiser.stepCount(); ++k) {
        const OpenSoraStepRecord r = denoiser.step(k, noise);
        const std::string p = "step" + std::to_string(k) + ".";
        out[p + "x"] = r.x;
        out[p + "timestep"] = r.timestep;
        out[p + "x_mask"] = r.xMask;
        out[p + "mask_noise"] = r.maskNoise;
        out[p + "model_output"] = r.modelOutput;
    }
    out["final_latents"] = denoiser.latents();
}

} // namespace

at::Tensor OpenSoraPipelineEval::toUint8Frames(const at::Tensor& video)
{
    // clamp_(-1, 1), sub_(-1).div_(2), mul(255).add_(0.5).clamp_(0, 255), uint8 (truncating).
    at::Tensor x = video.to(at::kFloat).clamp(-1.0, 1.0).sub(-1.0).div(2.0).mul(255.0).add(0.5).clamp(0.0, 255.0);
    return x.permute({0, 2, 3, 4, 1}).to(at::kByte).contiguous();
}

std::map<std::string, at::Tensor> OpenSoraPipelineEval::run(const std::string& modelRoot, const SafetensorsReader& caseFile,
                                                             const nlohmann::json& meta)
{
    const CaseSettings s = settingsOf(meta);
    Outputs out;
    encodeText(modelRoot, s, out);
    const std::string vaeDir = OpenSoraRepoFolders::require(modelRoot, OpenSoraRepoFolders::kVae);
    // FRAMESMITH_EVAL_DEVICE moves every model (the GPU runbook's parity step); outputs come back to the CPU.
    OpenSoraVae vae(vaeDir, OpenSoraRepoFolders::spatialVaeFolder(modelRoot, vaeDir), evalDevice(), s.dtype);
    const std::vector<std::int64_t> latent = vae.latentSize(s.frames, s.height, s.width);
    {
        auto model = STDiT3::load(OpenSoraRepoFolders::require(modelRoot, OpenSoraRepoFolders::kStdit), s.dtype,
                                  evalDevice());
        auto noise = noiseFor(caseFile, s.rflow.steps);
        denoise(model, s, latent, *noise, out);
    }
    OpenSoraVaeTrace trace;
    at::Tensor video = vae.decode(out["final_latents"].to(s.dtype), s.frames, OpenSoraVaeRun{}, &trace);
    out["decode.x_z"] = trace.spatialLatents.to(at::kFloat);
    out["video"] = video.to(at::kFloat);
    out["video_uint8"] = toUint8Frames(video);
    for (auto& entry : out)
        entry.second = entry.second.cpu();
    return out;
}

} // namespace framesmith
