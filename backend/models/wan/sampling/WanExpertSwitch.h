#pragma once
// Wan 2.2 A14B's two experts (diffusers WanPipeline / WanImageToVideoPipeline 0.36): with
// model_index boundary_ratio set, a step whose timestep t ≥ boundary_ratio · num_train_timesteps
// runs `transformer` with guidance_scale, any later one `transformer_2` with guidance_scale_2
// (guidance_scale when not given). Without a boundary every step runs `transformer`, and a second
// guidance scale is refused as check_inputs refuses it. The sampler's state is the run's, not the
// expert's: nothing here resets it. Immutable; any thread.
#include <optional>

namespace framesmith {

class WanExpertSwitch {
public:
    // Throws InvalidRequestError("guidance_2") for guidance2 without a boundary, FileError-free.
    WanExpertSwitch(std::optional<double> boundaryRatio, int numTrainTimesteps, double guidance,
                    std::optional<double> guidance2);

    int expertFor(double timestep) const;      // 0: transformer, 1: transformer_2
    double guidanceFor(double timestep) const; // the guidance scale of that expert
    std::optional<double> boundaryTimestep() const { return m_boundary; }

private:
    std::optional<double> m_boundary;
    double m_guidance;
    double m_guidance2;
};

} // namespace framesmith
