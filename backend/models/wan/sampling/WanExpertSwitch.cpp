#include "models/wan/sampling/WanExpertSwitch.h"

#include "framesmith/Error.h"

namespace framesmith {

WanExpertSwitch::WanExpertSwitch(std::optional<double> boundaryRatio, int numTrainTimesteps, double guidance,
                                 std::optional<double> guidance2)
    : m_guidance(guidance), m_guidance2(guidance2.value_or(guidance))
{
    if (!boundaryRatio && guidance2)
        throw InvalidRequestError("guidance_2", "a second guidance scale needs a model with two experts (boundary_ratio)");
    if (boundaryRatio) {
        if (*boundaryRatio < 0.0 || *boundaryRatio > 1.0)
            throw InvalidRequestError("boundary_ratio", "expected a ratio in [0, 1], got " + std::to_string(*boundaryRatio));
        m_boundary = *boundaryRatio * numTrainTimesteps; // boundary_ratio · num_train_timesteps, a Python float
    }
}

int WanExpertSwitch::expertFor(double timestep) const
{
    return !m_boundary || timestep >= *m_boundary ? 0 : 1; // t >= boundary_timestep: the high-noise expert
}

double WanExpertSwitch::guidanceFor(double timestep) const
{
    return expertFor(timestep) == 0 ? m_guidance : m_guidance2;
}

} // namespace framesmith
