#include "support/TensorParity.h"

#include <ATen/ATen.h>

#include <sstream>

namespace framesmith::test {

static std::string shapeOf(const at::Tensor& t)
{
    std::ostringstream s;
    s << t.sizes();
    return s.str();
}

ParityReport compareTensors(const std::string& name, const at::Tensor& portIn, const at::Tensor& goldenIn,
                            double atol, double rtol)
{
    ParityReport r;
    if (!portIn.defined()) {
        r.message = name + ": port tensor is undefined";
        return r;
    }
    if (portIn.sizes() != goldenIn.sizes()) {
        r.message = name + ": shape " + shapeOf(portIn) + " differs from golden " + shapeOf(goldenIn);
        return r;
    }
    at::Tensor port = portIn.to(at::kCPU, at::kDouble).contiguous();
    at::Tensor golden = goldenIn.to(at::kCPU, at::kDouble).contiguous();
    at::Tensor diff = (port - golden).abs();
    at::Tensor bound = golden.abs() * rtol + atol;
    at::Tensor bad = (diff > bound) | port.isnan();
    double maxAbs = diff.numel() ? diff.max().item<double>() : 0.0;
    double maxRel = diff.numel() ? (diff / golden.abs().clamp_min(1e-12)).max().item<double>() : 0.0;
    std::ostringstream s;
    s.precision(3);
    if (bad.any().item<bool>()) {
        std::int64_t first = bad.flatten().nonzero()[0][0].item<std::int64_t>();
        s << name << ": " << bad.sum().item<std::int64_t>() << " of " << diff.numel()
          << " elements out of tolerance (atol " << atol << ", rtol " << rtol << "); first bad flat index "
          << first << ": port " << port.flatten()[first].item<double>() << " vs golden "
          << golden.flatten()[first].item<double>() << "; max abs " << maxAbs << ", max rel " << maxRel;
        r.message = s.str();
        return r;
    }
    s << name << ": ok, max abs " << maxAbs << ", max rel " << maxRel;
    r.ok = true;
    r.message = s.str();
    return r;
}

} // namespace framesmith::test
