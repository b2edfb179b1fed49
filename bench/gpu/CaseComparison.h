#pragma once
// How far a fixture case's outputs are from its golden file: for every tensor both hold (debug.*
// included) the max |out - golden|, the elements outside the fixture rule |out - golden| <= atol +
// rtol |golden|, and the RMS error relative to the golden's RMS (the figure for bfloat16 runs, which
// the fixture tolerances do not cover). Shared by bench_gpu_compare (two files) and
// bench_gpu_parity (outputs in memory).
#include "io/SafetensorsReader.h"

#include <ATen/core/Tensor.h>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace framesmith {

class CaseComparison {
public:
    struct Tolerance {
        double atol = -1;
        double rtol = 1e-4;
        std::map<std::string, double> atolFor; // one tensor's own atol (the READMEs' ±1 rows, exact ids)
    };

    // {"tensors", "maxAbsDiff", "worstRelativeRms", "elementsOutside"}; throws std::runtime_error
    // naming the tensor when a shape differs from the golden's.
    static nlohmann::json compare(const SafetensorsReader& golden, const std::map<std::string, at::Tensor>& outputs,
                                  const Tolerance& tolerance);
    // "NAME=A": one --atol-for rule; throws std::invalid_argument otherwise.
    static void addAtolFor(Tolerance& tolerance, const std::string& rule);
};

} // namespace framesmith
