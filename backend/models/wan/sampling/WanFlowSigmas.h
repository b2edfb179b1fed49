#pragma once
// The flow-matching noise levels of the Wan schedulers, computed as diffusers computes them (numpy
// float64, rounded once to float32). Stateless; any thread.
#include <vector>

namespace framesmith {

class WanFlowSigmas {
public:
    // numpy.linspace(start, stop, count): start + i·(stop − start)/(count − 1), the last value stop.
    static std::vector<double> linspace(double start, double stop, int count);
    // The shift of both schedulers: shift·s / (1 + (shift − 1)·s).
    static double shifted(double sigma, double shift) { return shift * sigma / (1.0 + (shift - 1.0) * sigma); }
};

} // namespace framesmith
