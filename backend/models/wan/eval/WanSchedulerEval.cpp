#include "models/wan/eval/WanSchedulerEval.h"

#include "framesmith/Error.h"
#include "models/wan/sampling/WanFlowMatchEulerScheduler.h"
#include "models/wan/sampling/WanUniPCScheduler.h"

#include <ATen/ATen.h>

#include <regex>

namespace framesmith {

namespace {

class NoDraws : public NoiseSource {
public:
    at::Tensor draw(const std::vector<std::int64_t>&, const at::Tensor&, const std::string& purpose) override
    {
        throw Error(ErrorCode::Internal, "a Wan sampler drew noise: " + purpose);
    }
    int drawCount() const override { return 0; }
    StepState saveState() const override { return {}; }
    void restoreState(const StepState&) override {}
};

// As the fixtures build them: UniPCMultistepScheduler(prediction_type="flow_prediction",
// use_flow_sigmas=True, num_train_timesteps=1000, flow_shift=s), FlowMatchEulerDiscreteScheduler(
// num_train_timesteps=1000, shift=s); every other field at the class default.
std::unique_ptr<Scheduler> make(const std::string& kind, double shift)
{
    if (kind == "unipc") {
        WanUniPCSettings settings;
        settings.flowShift = shift;
        return std::make_unique<WanUniPCScheduler>(settings);
    }
    WanFlowMatchEulerSettings settings;
    settings.shift = shift;
    return std::make_unique<WanFlowMatchEulerScheduler>(settings);
}

std::pair<at::Tensor, at::Tensor> tables(const Scheduler& s)
{
    if (const auto* unipc = dynamic_cast<const WanUniPCScheduler*>(&s))
        return {unipc->timesteps(), unipc->sigmas()};
    const auto& euler = dynamic_cast<const WanFlowMatchEulerScheduler&>(s);
    return {euler.timesteps(), euler.sigmas()};
}

// "{unipc,euler}_shift{S}_steps{N}_timesteps": the timestep and sigma tables.
void runGrid(const std::smatch& m, EvalOutputs& out)
{
    auto scheduler = make(m[1].str(), std::stod(m[2].str()));
    scheduler->setTimesteps(std::stoi(m[3].str()));
    const std::string prefix = m[1].str() + "_shift" + m[2].str() + "_steps" + m[3].str();
    std::tie(out[prefix + "_timesteps"], out[prefix + "_sigmas"]) = tables(*scheduler);
}

double runShift(const nlohmann::json& meta, const std::string& name)
{
    if (meta.contains("runs") && meta["runs"].is_array())
        for (const auto& run : meta["runs"])
            if (run.is_object() && run.value("name", "") == name && run.contains("shift") && run["shift"].is_number())
                return run["shift"].get<double>();
    throw InvalidRequestError("runs", "the case's metadata gives no shift for run '" + name + "'");
}

// "{kind}_run_{name}_x_T" with model_output_0..n-1: a sampling run from x_T.
void runSteps(const SafetensorsReader& in, const nlohmann::json& meta, const std::string& kind, const std::string& name,
              EvalOutputs& out)
{
    const std::string p = kind + "_run_" + name + "_";
    int steps = 0;
    while (in.find(p + "model_output_" + std::to_string(steps)))
        ++steps;
    auto scheduler = make(kind, runShift(meta, name));
    scheduler->setTimesteps(steps);
    out[p + "timesteps"] = tables(*scheduler).first;
    NoDraws noise;
    at::Tensor sample = in.view(p + "x_T");
    for (int i = 0; i < steps; ++i) {
        const SchedulerStep step = scheduler->step(i, in.view(p + "model_output_" + std::to_string(i)), sample, noise);
        sample = step.prevSample;
        out[p + "prev_sample_" + std::to_string(i)] = sample;
        if (kind == "unipc")
            out[p + "x0_pred_" + std::to_string(i)] = step.predOriginalSample;
    }
}

} // namespace

EvalOutputs WanSchedulerEval::run(const EvalCase& c)
{
    static const std::regex grid("^(unipc|euler)_shift([0-9.]+)_steps([0-9]+)_timesteps$");
    static const std::regex run("^(unipc|euler)_run_(.+)_x_T$");
    EvalOutputs out;
    for (const auto& entry : c.input.entries()) {
        std::smatch m;
        if (std::regex_match(entry.name, m, grid))
            runGrid(m, out);
        else if (std::regex_match(entry.name, m, run))
            runSteps(c.input, c.meta, m[1].str(), m[2].str(), out);
    }
    if (out.empty())
        throw InvalidRequestError("--case", c.casePath + " holds no *_shift*_steps*_timesteps table and no *_run_*_x_T run");
    return out;
}

} // namespace framesmith
