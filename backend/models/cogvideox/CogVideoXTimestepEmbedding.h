#pragma once
// diffusers Timesteps (sinusoidal projection) + TimestepEmbedding (linear_1, SiLU, linear_2); used
// for the denoising timestep (time_proj/time_embedding) and the 1.5-I2V `ofs` (ofs_proj/ofs_embedding).
#include "core/Layers.h"

namespace framesmith {

class CogVideoXTimestepEmbedding : public Module {
public:
    // projectionDim: width of the sinusoidal projection (and linear_1's input).
    CogVideoXTimestepEmbedding(int projectionDim, int embedDim, bool flipSinToCos, int freqShift);

    // timesteps: [N] any numeric dtype -> [N, embedDim] in `dtype`.
    at::Tensor forward(const at::Tensor& timesteps, c10::ScalarType dtype) const;

    // diffusers get_timestep_embedding(..., scale=1, max_period=10000): [N, dim] float32.
    static at::Tensor sinusoidal(const at::Tensor& timesteps, int dim, bool flipSinToCos, double freqShift);

private:
    std::shared_ptr<Linear> m_linear1;
    std::shared_ptr<Linear> m_linear2;
    int m_projectionDim;
    bool m_flipSinToCos;
    int m_freqShift;
};

} // namespace framesmith
