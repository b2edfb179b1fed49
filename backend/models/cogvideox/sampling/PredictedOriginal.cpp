#include "models/cogvideox/sampling/PredictedOriginal.h"

#include <ATen/ATen.h>

#include <cmath>

namespace framesmith {

at::Tensor predictOriginalSample(const std::string& predictionType, const at::Tensor& modelOutput,
                                 const at::Tensor& sample, double alphaProdT)
{
    const double betaProdT = 1 - alphaProdT;
    if (predictionType == "epsilon")
        return (sample - modelOutput * std::sqrt(betaProdT)) / std::sqrt(alphaProdT);
    if (predictionType == "sample")
        return modelOutput;
    // v_prediction
    return sample * std::sqrt(alphaProdT) - modelOutput * std::sqrt(betaProdT);
}

} // namespace framesmith
