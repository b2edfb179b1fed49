#include "CaseComparison.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>

namespace framesmith {

nlohmann::json CaseComparison::compare(const SafetensorsReader& golden, const std::map<std::string, at::Tensor>& outputs,
                                       const Tolerance& tolerance)
{
    std::int64_t outside = 0, compared = 0;
    double worstRelRms = 0, worstAbs = 0;
    for (const auto& [name, tensor] : outputs) {
        if (name == "__metadata__" || !golden.find(name))
            continue;
        const at::Tensor g = golden.load(name, at::kDouble, at::kCPU);
        const at::Tensor o = tensor.to(at::kCPU).to(at::kDouble);
        if (g.sizes() != o.sizes())
            throw std::runtime_error(name + ": shape differs from the golden");
        const at::Tensor diff = (o - g).abs();
        const auto own = tolerance.atolFor.find(name);
        const double a = own != tolerance.atolFor.end() ? own->second : tolerance.atol;
        outside += (diff > a + tolerance.rtol * g.abs()).sum().item<std::int64_t>();
        worstAbs = std::max(worstAbs, diff.numel() ? diff.max().item<double>() : 0.0);
        const double gRms = g.numel() ? g.pow(2).mean().sqrt().item<double>() : 0.0;
        if (gRms > 0)
            worstRelRms = std::max(worstRelRms, diff.pow(2).mean().sqrt().item<double>() / gRms);
        ++compared;
    }
    return {{"tensors", compared}, {"maxAbsDiff", worstAbs}, {"worstRelativeRms", worstRelRms},
            {"elementsOutside", outside}};
}

void CaseComparison::addAtolFor(Tolerance& tolerance, const std::string& rule)
{
    const auto eq = rule.find('=');
    if (eq == std::string::npos || eq == 0)
        throw std::invalid_argument("--atol-for takes NAME=ATOL, got " + rule);
    tolerance.atolFor[rule.substr(0, eq)] = std::stod(rule.substr(eq + 1));
}

} // namespace framesmith
