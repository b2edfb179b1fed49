// bench_gpu_compare: how far an `eval` output file is from a fixture's golden file. For every
// tensor both hold (debug.* included): max |out - golden|, the elements outside the fixture rule
// |out - golden| <= atol + rtol |golden|, and the RMS error relative to the golden's RMS (the figure
// for bfloat16 runs, which the fixture tolerances do not cover). Prints one JSON line; exit 1 when
// --strict and any element is outside the rule, 2 on bad input.
//
// usage: bench_gpu_compare GOLDEN.safetensors OUT.safetensors --atol A [--rtol R] [--label TEXT] [--strict]
//        [--atol-for NAME=A ...]   (one tensor's own atol, e.g. video_uint8=1: the READMEs' ±1 rows)
#include "io/SafetensorsReader.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <map>
#include <iostream>
#include <string>
#include <vector>

using namespace framesmith;

int main(int argc, char** argv)
{
    std::vector<std::string> files;
    double atol = -1, rtol = 1e-4;
    std::string label;
    bool strict = false;
    std::map<std::string, double> atolFor;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--atol" && i + 1 < argc) atol = std::stod(argv[++i]);
        else if (arg == "--rtol" && i + 1 < argc) rtol = std::stod(argv[++i]);
        else if (arg == "--label" && i + 1 < argc) label = argv[++i];
        else if (arg == "--strict") strict = true;
        else if (arg == "--atol-for" && i + 1 < argc) {
            const std::string rule = argv[++i];
            const auto eq = rule.find('=');
            if (eq == std::string::npos) {
                std::cerr << "--atol-for takes NAME=ATOL, got " << rule << "\n";
                return 2;
            }
            atolFor[rule.substr(0, eq)] = std::stod(rule.substr(eq + 1));
        }
        else files.push_back(arg);
    }
    if (files.size() != 2 || atol < 0) {
        std::cerr << "usage: bench_gpu_compare GOLDEN OUT --atol A [--rtol R] [--label TEXT] [--strict] [--atol-for NAME=A ...]\n";
        return 2;
    }
    try {
        SafetensorsReader golden(files[0]), out(files[1]);
        nlohmann::json row = {{"label", label}, {"golden", files[0]}, {"atol", atol}, {"rtol", rtol}};
        std::int64_t outside = 0, compared = 0;
        double worstRelRms = 0, worstAbs = 0;
        for (const auto& entry : out.entries()) {
            if (!golden.find(entry.name) || entry.name == "__metadata__")
                continue;
            const at::Tensor g = golden.load(entry.name, at::kDouble, at::kCPU);
            const at::Tensor o = out.load(entry.name, at::kDouble, at::kCPU);
            if (g.sizes() != o.sizes()) {
                std::cerr << entry.name << ": shape differs from the golden\n";
                return 2;
            }
            const at::Tensor diff = (o - g).abs();
            const auto own = atolFor.find(entry.name);
            const double a = own != atolFor.end() ? own->second : atol;
            outside += (diff > a + rtol * g.abs()).sum().item<std::int64_t>();
            worstAbs = std::max(worstAbs, diff.numel() ? diff.max().item<double>() : 0.0);
            const double gRms = g.numel() ? g.pow(2).mean().sqrt().item<double>() : 0.0;
            if (gRms > 0)
                worstRelRms = std::max(worstRelRms, diff.pow(2).mean().sqrt().item<double>() / gRms);
            ++compared;
        }
        row["tensors"] = compared;
        row["maxAbsDiff"] = worstAbs;
        row["worstRelativeRms"] = worstRelRms;
        row["elementsOutside"] = outside;
        std::cout << row.dump() << std::endl;
        return compared == 0 ? 2 : (strict && outside > 0 ? 1 : 0);
    } catch (const std::exception& e) {
        std::cerr << "bench_gpu_compare: " << e.what() << "\n";
        return 2;
    }
}
