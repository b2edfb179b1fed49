#pragma once
// Where WanFamily::createPipeline gets its pipeline: the family's shell (recognition, spec, evals)
// and its pipeline are built apart, and meet only here.
#include "models/VideoPipeline.h"

#include <memory>
#include <string>

namespace framesmith {

// A pipeline for the Wan model in `folder` (a Wan-AI/*-Diffusers layout that WanFamily claimed):
// text-to-video for every variant, image-to-video for TI2V-5B (first-frame latents) and the I2V
// models (channel concatenation), the A14B expert switch. Reads configs only; weights load stage
// by stage. Throws FileError naming a missing or unreadable config.
std::unique_ptr<VideoPipeline> createWanPipeline(const std::string& folder, const PipelineResources& resources);

} // namespace framesmith
