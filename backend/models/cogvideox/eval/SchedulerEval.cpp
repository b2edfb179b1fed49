// `eval scheduler`: a golden/scheduler/*.safetensors case. Reads sample.0, stepK.model_output and
// (DPM) stepK.noiseJ; writes alphas_cumprod, final_alpha_cumprod, timesteps.N, stepK.timestep,
// stepK.prev_sample and stepK.pred_original_sample.
#include "models/cogvideox/eval/CogVideoXEvalKinds.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "models/EvalCaseFixture.h"
#include "models/cogvideox/sampling/CogVideoXScheduler.h"
#include "models/cogvideox/sampling/CogVideoXSchedulers.h"

#include <ATen/ATen.h>

#include <filesystem>

namespace framesmith {

namespace {

std::string configPathFor(const EvalCase& c)
{
    if (!c.modelDir.empty())
        return c.modelDir + "/scheduler/scheduler_config.json";
    if (!c.meta.contains("scheduler_config"))
        throw InvalidRequestError("--model", "the case names no scheduler_config: pass --model DIR");
    return EvalCaseFixture::resolveFixturePath(c.meta["scheduler_config"], c.casePath);
}

// The folder's own scheduler, as the discrete CogVideoX schedulers it always is.
std::unique_ptr<CogVideoXScheduler> schedulerFor(const EvalCase& c)
{
    const std::string path = configPathFor(c);
    std::unique_ptr<Scheduler> scheduler = CogVideoXSchedulers::registry().create("", JsonGuard::readFile(path), path);
    return std::unique_ptr<CogVideoXScheduler>(static_cast<CogVideoXScheduler*>(scheduler.release()));
}

std::unique_ptr<NoiseSource> noiseFor(const EvalCase& c, int steps)
{
    std::vector<at::Tensor> draws;
    for (int k = 0; k < steps; ++k)
        for (int j = 0; c.input.find("step" + std::to_string(k) + ".noise" + std::to_string(j)); ++j)
            draws.push_back(c.input.view("step" + std::to_string(k) + ".noise" + std::to_string(j)));
    if (!draws.empty())
        return std::make_unique<RecordedNoise>(draws);
    const std::string call = c.meta.contains("call") ? c.meta["call"].get<std::string>() : "";
    return std::make_unique<GeneratorNoise>(call.find("manual_seed") != std::string::npos
                                                ? EvalCaseFixture::seedFromCall(call) : 0);
}

EvalOutputs evalScheduler(const EvalCase& c)
{
    auto scheduler = schedulerFor(c);
    EvalOutputs out;
    out["alphas_cumprod"] = scheduler->alphasCumprod();
    out["final_alpha_cumprod"] = at::scalar_tensor(scheduler->finalAlphaCumprod(), at::kFloat);
    for (const auto& entry : c.input.entries()) {
        if (entry.name.rfind("timesteps.", 0) != 0)
            continue;
        scheduler->setTimesteps(std::stoi(entry.name.substr(10)));
        out[entry.name] = at::tensor(scheduler->timesteps(), at::kLong);
    }
    int steps = c.meta.value("steps", 0);
    while (steps == 0 && c.input.find("step" + std::to_string(steps) + ".model_output"))
        ++steps;
    if (steps == 0 || !c.input.find("sample.0"))
        return out;
    scheduler->setTimesteps(steps);
    auto noise = noiseFor(c, steps);
    at::Tensor sample = c.input.view("sample.0");
    for (int k = 0; k < steps && c.input.find("step" + std::to_string(k) + ".model_output"); ++k) {
        const std::string p = "step" + std::to_string(k) + ".";
        SchedulerStep s = scheduler->step(k, c.input.view(p + "model_output"), sample, *noise);
        out[p + "timestep"] = at::scalar_tensor(scheduler->timesteps()[k], at::kLong);
        out[p + "prev_sample"] = s.prevSample;
        out[p + "pred_original_sample"] = s.predOriginalSample;
        sample = s.prevSample;
    }
    return out;
}

} // namespace

EvalKind cogVideoXSchedulerEval()
{
    return {"scheduler", "scheduler tables, timesteps and steps of golden/scheduler/*.safetensors", evalScheduler};
}

} // namespace framesmith
