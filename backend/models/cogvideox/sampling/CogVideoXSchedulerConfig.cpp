#include "models/cogvideox/sampling/CogVideoXSchedulerConfig.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

namespace framesmith {

namespace {

void checkChoice(const std::string& value, std::initializer_list<const char*> allowed, const char* key,
                 const std::string& origin)
{
    std::string list;
    for (const char* a : allowed) {
        if (value == a)
            return;
        list += (list.empty() ? "" : ", ") + std::string(a);
    }
    throw FileError(ErrorCode::UnsupportedModel, origin,
                    std::string("\"") + key + "\": '" + value + "' is not supported (supported: " + list + ")");
}

} // namespace

CogVideoXSchedulerConfig CogVideoXSchedulerConfig::fromJson(const std::string& text, const std::string& origin)
{
    return fromJsonObject(JsonGuard::parse(text.data(), text.size(), 32, origin, "the scheduler config"), origin);
}

CogVideoXSchedulerConfig CogVideoXSchedulerConfig::fromJsonObject(const nlohmann::json& j, const std::string& origin)
{
    if (!j.is_object())
        throw FileError(ErrorCode::BadFile, origin, "is not a JSON object");
    CogVideoXSchedulerConfig c;
    const ConfigReader r(j, origin);
    r.value("_class_name", c.className);
    // The schedule is a table of num_train_timesteps entries: 1000 in every CogVideoX checkpoint.
    r.integer("num_train_timesteps", c.numTrainTimesteps, 1, kMaxTrainTimesteps);
    r.number("beta_start", c.betaStart, 0.0, 1.0);
    r.number("beta_end", c.betaEnd, 0.0, 1.0);
    r.value("beta_schedule", c.betaSchedule);
    r.value("trained_betas", c.trainedBetas);
    r.value("clip_sample", c.clipSample);
    r.number("clip_sample_range", c.clipSampleRange, 0.0, 1e6);
    r.value("set_alpha_to_one", c.setAlphaToOne);
    r.integer("steps_offset", c.stepsOffset, 0, kMaxTrainTimesteps);
    r.value("prediction_type", c.predictionType);
    r.value("timestep_spacing", c.timestepSpacing);
    r.value("rescale_betas_zero_snr", c.rescaleBetasZeroSnr);
    r.number("snr_shift_scale", c.snrShiftScale, 1e-6, 1e6);
    checkChoice(c.betaSchedule, {"linear", "scaled_linear", "squaredcos_cap_v2"}, "beta_schedule", origin);
    checkChoice(c.predictionType, {"epsilon", "sample", "v_prediction"}, "prediction_type", origin);
    checkChoice(c.timestepSpacing, {"linspace", "leading", "trailing"}, "timestep_spacing", origin);
    if (!c.trainedBetas.empty() && static_cast<int>(c.trainedBetas.size()) != c.numTrainTimesteps)
        throw FileError(ErrorCode::BadFile, origin, "\"trained_betas\" must have num_train_timesteps entries");
    return c;
}

CogVideoXSchedulerConfig CogVideoXSchedulerConfig::fromFile(const std::string& path)
{
    return fromJsonObject(JsonGuard::readFile(path), path);
}

CogVideoXSchedulerConfig CogVideoXSchedulerConfig::fromModelFolder(const std::string& modelDir)
{
    return fromFile(modelDir + "/scheduler/scheduler_config.json");
}

} // namespace framesmith
