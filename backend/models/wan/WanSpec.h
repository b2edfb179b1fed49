#pragma once
// What a Wan model accepts (ParameterSpec) and the defaults users expect, per variant, as the
// diffusers Wan docs and the Wan-AI model cards run them: 4k+1 frames; sizes on the VAE x patch
// grid (16 for the Wan 2.1 VAE, 32 for TI2V-5B's 16x VAE); 81 frames at 16 fps (TI2V-5B: 121 at 24);
// 50 steps at guidance 5.0 (A14B: 40 steps, 4.0 / 3.5 for I2V). Its knobs: flow_shift (every
// variant, default the scheduler config's), guidance_scale_2 and boundary_ratio (A14B only: the
// low-noise expert's guidance, default the guidance scale; where it takes over, default
// model_index.json's boundary_ratio). Reads the scheduler config; any thread.
#include "framesmith/ParameterSpec.h"
#include "models/wan/WanModelLayout.h"

#include <string>

namespace framesmith {

class WanSpec {
public:
    static constexpr int kMaxFrames = 201; // 4·50 + 1: beyond what any Wan checkpoint was trained for
    static constexpr const char* kFlowShift = "flow_shift";             // the knobs' names
    static constexpr const char* kGuidanceScale2 = "guidance_scale_2";
    static constexpr const char* kBoundaryRatio = "boundary_ratio";

    static ParameterSpec forModel(const WanModelLayout& layout);

    // The second expert's guidance (diffusers guidance_scale_2) the A14B examples use: T2V-A14B 3.0,
    // I2V-A14B the same as the first (the fixtures run 3.5 / 2.0). The knob itself defaults to the
    // guidance scale, as diffusers' pipeline does when it is not given.
    static double defaultSecondGuidanceScale(const WanVariant& variant);
    // Wan's own negative prompt (Wan-AI's shared sample_neg_prompt, what every Wan front end offers);
    // ParameterSpec has no default negative prompt field, so the pipeline and UI ask here.
    static const std::string& defaultNegativePrompt();
};

} // namespace framesmith
