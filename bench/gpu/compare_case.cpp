// bench_gpu_compare: how far an `eval` output file is from a fixture's golden file
// (CaseComparison). Prints one JSON line; exit 1 when --strict and any element is outside the
// rule, 2 on bad input.
//
// usage: bench_gpu_compare GOLDEN.safetensors OUT.safetensors --atol A [--rtol R] [--label TEXT] [--strict]
//        [--atol-for NAME=A ...]   (one tensor's own atol, e.g. video_uint8=1: the READMEs' ±1 rows)
#include "CaseComparison.h"

#include <ATen/ATen.h>

#include <iostream>
#include <string>
#include <vector>

using namespace framesmith;

int main(int argc, char** argv)
{
    std::vector<std::string> files;
    CaseComparison::Tolerance tolerance;
    std::string label;
    bool strict = false;
    try {
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i];
            if (arg == "--atol" && i + 1 < argc) tolerance.atol = std::stod(argv[++i]);
            else if (arg == "--rtol" && i + 1 < argc) tolerance.rtol = std::stod(argv[++i]);
            else if (arg == "--label" && i + 1 < argc) label = argv[++i];
            else if (arg == "--strict") strict = true;
            else if (arg == "--atol-for" && i + 1 < argc) CaseComparison::addAtolFor(tolerance, argv[++i]);
            else files.push_back(arg);
        }
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 2;
    }
    if (files.size() != 2 || tolerance.atol < 0) {
        std::cerr << "usage: bench_gpu_compare GOLDEN OUT --atol A [--rtol R] [--label TEXT] [--strict] [--atol-for NAME=A ...]\n";
        return 2;
    }
    try {
        SafetensorsReader golden(files[0]), out(files[1]);
        std::map<std::string, at::Tensor> outputs;
        for (const auto& entry : out.entries())
            if (golden.find(entry.name))
                outputs[entry.name] = out.load(entry.name, at::kDouble, at::kCPU);
        nlohmann::json row = {{"label", label}, {"golden", files[0]}, {"atol", tolerance.atol}, {"rtol", tolerance.rtol}};
        row.update(CaseComparison::compare(golden, outputs, tolerance));
        std::cout << row.dump() << std::endl;
        return row["tensors"] == 0 ? 2 : (strict && row["elementsOutside"] > 0 ? 1 : 0);
    } catch (const std::exception& e) {
        std::cerr << "bench_gpu_compare: " << e.what() << "\n";
        return 2;
    }
}
