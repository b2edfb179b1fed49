#include "models/wan/sampling/WanFlowSigmas.h"

namespace framesmith {

std::vector<double> WanFlowSigmas::linspace(double start, double stop, int count)
{
    std::vector<double> values;
    if (count <= 0)
        return values;
    if (count == 1)
        return {start};
    const double step = (stop - start) / (count - 1);
    for (int i = 0; i < count; ++i)
        values.push_back(i * step + start);
    values.back() = stop; // numpy sets the endpoint exactly
    return values;
}

} // namespace framesmith
