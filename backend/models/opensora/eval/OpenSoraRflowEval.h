#pragma once
// `framesmith-cli eval scheduler` for Open-Sora: a golden/scheduler/rflow case.
//  - timesteps.<name> for every entry of the metadata's "timestep_cases" (image_size, num_frames,
//    num_sampling_steps, use_timestep_transform, model_kwargs_dtype; batch element 0);
//  - add_noise.out from add_noise.x0/noise/t;
//  - steps.*: RFLOW.sample with the recorded model outputs (steps.stepK.model_output), the mask
//    steps.mask, the kwargs steps.model_kwargs.*, starting at steps.z0, drawing the frame-mask
//    noise from steps.stepK.mask_noise when recorded (else from the seed the metadata names):
//    steps.stepK.z_in / .t / .x_mask / .mask_noise and steps.z_final.
// cfg_scale, use_timestep_transform and num_timesteps come from metadata keys of those names or
// from the metadata's "steps" description. Any thread; no model is loaded.
#include "io/SafetensorsReader.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace framesmith {

class OpenSoraRflowEval {
public:
    static std::map<std::string, at::Tensor> run(const SafetensorsReader& caseFile, const nlohmann::json& meta);
    // The eval kinds' common signature (the scheduler needs no model files).
    static std::map<std::string, at::Tensor> run(const std::string& /*modelRoot*/, const SafetensorsReader& caseFile,
                                                 const nlohmann::json& meta)
    {
        return run(caseFile, meta);
    }

private:
    static void timestepCases(const nlohmann::json& meta, std::map<std::string, at::Tensor>& out);
    static void addNoise(const SafetensorsReader& caseFile, std::map<std::string, at::Tensor>& out);
    static void sampling(const SafetensorsReader& caseFile, const nlohmann::json& meta,
                         std::map<std::string, at::Tensor>& out);
};

} // namespace framesmith
