#include "models/opensora/eval/OpenSoraRflowEval.h"

#include "framesmith/Error.h"
#include "models/EvalDevice.h"
#include "models/opensora/OpenSoraAspectTables.h"
#include "models/opensora/sampling/OpenSoraRflowScheduler.h"
#include "models/opensora/eval/STDiT3Eval.h"

#include <ATen/ATen.h>

#include <memory>
#include <regex>

namespace framesmith {

namespace {

using nlohmann::json;

std::string stepsText(const json& meta)
{
    return meta.is_object() && meta.contains("steps") && meta["steps"].is_string() ? meta["steps"].get<std::string>() : "";
}

// A structured key wins; otherwise "<key> <number>" or "<key>=<number>" in the steps description.
double numberSetting(const json& meta, const char* key, double fallback)
{
    if (meta.is_object() && meta.contains(key) && meta[key].is_number())
        return meta[key].get<double>();
    std::smatch m;
    const std::string text = stepsText(meta);
    if (std::regex_search(text, m, std::regex(std::string(key) + R"([ =:]+([0-9]+(\.[0-9]+)?))")))
        return std::stod(m[1].str());
    return fallback;
}

bool transformSetting(const json& meta)
{
    if (meta.is_object() && meta.contains("use_timestep_transform") && meta["use_timestep_transform"].is_boolean())
        return meta["use_timestep_transform"].get<bool>();
    const std::string text = stepsText(meta);
    if (std::regex_search(text, std::regex(R"(use_timestep_transform\s*[=:]\s*(False|false|0))")))
        return false;
    return text.find("use_timestep_transform") != std::string::npos;
}

OpenSoraModelKwargs kwargsFrom(const SafetensorsReader& file, const std::string& prefix)
{
    OpenSoraModelKwargs k;
    k.height = file.view(prefix + "height");
    k.width = file.view(prefix + "width");
    k.numFrames = file.view(prefix + "num_frames");
    k.ar = file.find(prefix + "ar") ? file.view(prefix + "ar") : at::Tensor();
    k.fps = file.find(prefix + "fps") ? file.view(prefix + "fps") : at::Tensor();
    return k;
}

std::unique_ptr<NoiseSource> maskNoise(const SafetensorsReader& file, const json& meta, int steps)
{
    std::vector<at::Tensor> draws;
    for (int k = 0; k < steps && file.find("steps.step" + std::to_string(k) + ".mask_noise"); ++k)
        draws.push_back(file.view("steps.step" + std::to_string(k) + ".mask_noise"));
    if (static_cast<int>(draws.size()) == steps)
        return std::make_unique<RecordedNoise>(draws);
    std::smatch m;
    const std::string text = stepsText(meta);
    if (!std::regex_search(text, m, std::regex(R"(manual_seed\(([0-9]+)\))")))
        throw InvalidRequestError("steps.stepK.mask_noise", "not recorded and no manual_seed(N) in the metadata");
    return std::make_unique<GeneratorNoise>(std::stoull(m[1].str()));
}

} // namespace

void OpenSoraRflowEval::timestepCases(const json& meta, std::map<std::string, at::Tensor>& out)
{
    if (!meta.is_object() || !meta.contains("timestep_cases") || !meta["timestep_cases"].is_array())
        return;
    for (const json& c : meta["timestep_cases"]) {
        OpenSoraRflowSettings s;
        s.steps = c.at("num_sampling_steps").get<int>();
        s.useTimestepTransform = c.value("use_timestep_transform", true);
        s.numTimesteps = c.value("num_timesteps", 1000);
        s.useDiscreteTimesteps = c.value("use_discrete_timesteps", false);
        const auto dtype = STDiT3Eval::dtypeFromName(c.value("model_kwargs_dtype", std::string("float32")));
        const json& frames = c.at("num_frames");
        const auto named = frames.is_string() ? OpenSoraAspectTables::numFrames(frames.get<std::string>()) : std::nullopt;
        if (frames.is_string() && !named)
            throw InvalidRequestError("num_frames", "not a frame count or NUM_FRAMES_MAP name: " + frames.dump());
        const int frameCount = named ? *named : frames.get<int>();
        const auto kwargs = OpenSoraModelKwargs::make(1, c.at("image_size")[0].get<int>(), c.at("image_size")[1].get<int>(),
                                                      frameCount, c.value("fps", 24), dtype);
        OpenSoraRflowScheduler scheduler(s);
        scheduler.start(kwargs, at::Tensor());
        std::vector<at::Tensor> values;
        for (int i = 0; i < scheduler.stepCount(); ++i)
            values.push_back(scheduler.timestep(i)[0]);
        out["timesteps." + c.at("name").get<std::string>()] = at::stack(values);
    }
}

void OpenSoraRflowEval::addNoise(const SafetensorsReader& file, std::map<std::string, at::Tensor>& out)
{
    if (!file.find("add_noise.x0"))
        return;
    out["add_noise.out"] = OpenSoraRflowScheduler::addNoise(onEvalDevice(file.view("add_noise.x0")),
                                                            onEvalDevice(file.view("add_noise.noise")),
                                                            file.view("add_noise.t"), 1000);
}

void OpenSoraRflowEval::sampling(const SafetensorsReader& file, const json& meta, std::map<std::string, at::Tensor>& out)
{
    if (!file.find("steps.z0"))
        return;
    OpenSoraRflowSettings s;
    s.steps = 0;
    while (file.find("steps.step" + std::to_string(s.steps) + ".model_output"))
        ++s.steps;
    s.cfgScale = numberSetting(meta, "cfg_scale", 7.0);
    s.numTimesteps = static_cast<int>(numberSetting(meta, "num_timesteps", 1000));
    s.useTimestepTransform = transformSetting(meta);
    OpenSoraRflowScheduler scheduler(s);
    const bool hasFrameMask = file.find("steps.mask") != nullptr; // mask None: RFLOW draws nothing
    scheduler.start(kwargsFrom(file, "steps.model_kwargs."), hasFrameMask ? file.view("steps.mask") : at::Tensor());
    std::unique_ptr<NoiseSource> noise = std::make_unique<RecordedNoise>(std::vector<at::Tensor>{});
    if (hasFrameMask)
        noise = maskNoise(file, meta, s.steps);
    // z and the velocities on the eval device; timesteps, frame masks and draws come from the CPU.
    at::Tensor z = onEvalDevice(file.view("steps.z0").to(at::kFloat));
    for (int k = 0; k < s.steps; ++k) {
        const std::string p = "steps.step" + std::to_string(k) + ".";
        const auto input = scheduler.beginStep(k, z, *noise);
        out[p + "z_in"] = at::cat({input.z, input.z});
        out[p + "t"] = at::cat({scheduler.timestep(k), scheduler.timestep(k)});
        if (input.xMask.defined()) {
            out[p + "x_mask"] = input.xMask.repeat({2, 1});
            out[p + "mask_noise"] = input.maskNoise;
        }
        z = scheduler.endStep(k, scheduler.guidedVelocity(onEvalDevice(file.view(p + "model_output")), s.cfgScale));
    }
    out["steps.z_final"] = z;
}

std::map<std::string, at::Tensor> OpenSoraRflowEval::run(const SafetensorsReader& caseFile, const json& meta)
{
    std::map<std::string, at::Tensor> out;
    timestepCases(meta, out);
    addNoise(caseFile, out);
    sampling(caseFile, meta, out);
    for (auto& entry : out) // written from the CPU whatever FRAMESMITH_EVAL_DEVICE says
        entry.second = entry.second.cpu();
    return out;
}

} // namespace framesmith
