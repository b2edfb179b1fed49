#include "schedulers/SchedulerConfig.h"

#include "core/ConfigKey.h"
#include "framesmith/Error.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

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

SchedulerConfig SchedulerConfig::fromJson(const std::string& text, const std::string& origin)
{
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object())
        throw FileError(ErrorCode::BadFile, origin, "is not a JSON object");
    SchedulerConfig c;
    readConfigKey(j, "_class_name", c.className, origin);
    readConfigKey(j, "num_train_timesteps", c.numTrainTimesteps, origin);
    readConfigKey(j, "beta_start", c.betaStart, origin);
    readConfigKey(j, "beta_end", c.betaEnd, origin);
    readConfigKey(j, "beta_schedule", c.betaSchedule, origin);
    readConfigKey(j, "trained_betas", c.trainedBetas, origin);
    readConfigKey(j, "clip_sample", c.clipSample, origin);
    readConfigKey(j, "clip_sample_range", c.clipSampleRange, origin);
    readConfigKey(j, "set_alpha_to_one", c.setAlphaToOne, origin);
    readConfigKey(j, "steps_offset", c.stepsOffset, origin);
    readConfigKey(j, "prediction_type", c.predictionType, origin);
    readConfigKey(j, "timestep_spacing", c.timestepSpacing, origin);
    readConfigKey(j, "rescale_betas_zero_snr", c.rescaleBetasZeroSnr, origin);
    readConfigKey(j, "snr_shift_scale", c.snrShiftScale, origin);
    checkChoice(c.betaSchedule, {"linear", "scaled_linear", "squaredcos_cap_v2"}, "beta_schedule", origin);
    checkChoice(c.predictionType, {"epsilon", "sample", "v_prediction"}, "prediction_type", origin);
    checkChoice(c.timestepSpacing, {"linspace", "leading", "trailing"}, "timestep_spacing", origin);
    if (c.numTrainTimesteps < 1)
        throw FileError(ErrorCode::BadFile, origin, "\"num_train_timesteps\" must be positive");
    if (!c.trainedBetas.empty() && static_cast<int>(c.trainedBetas.size()) != c.numTrainTimesteps)
        throw FileError(ErrorCode::BadFile, origin, "\"trained_betas\" must have num_train_timesteps entries");
    return c;
}

SchedulerConfig SchedulerConfig::fromFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in)
        throw FileError(ErrorCode::MissingFile, path, "cannot open the scheduler config");
    std::stringstream buffer;
    buffer << in.rdbuf();
    return fromJson(buffer.str(), path);
}

SchedulerConfig SchedulerConfig::fromModelFolder(const std::string& modelDir)
{
    return fromFile(modelDir + "/scheduler/scheduler_config.json");
}

} // namespace framesmith
