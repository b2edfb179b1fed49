#pragma once
// Shared by the run-time placement tests: real generations of the tiny CogVideoX-2b fixture on
// the CPU, with a RuntimePlacement planned for simulated GPUs (logical "cuda:N" map to the CPU),
// and a deeper copy of the model (its blocks repeated) so a window of streamed blocks is smaller
// than the whole transformer.
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"
#include "memory/oom/GenerationMemory.h"
#include "memory/presets/MemoryLevers.h"
#include "memory/placement/RuntimePlacement.h"
#include "models/ModelRegistry.h"
#include "engine/GenerationRunner.h"
#include "engine/PipelineResourcesFor.h"
#include "support/TestGpus.h"
#include "support/TestPaths.h"
#include "support/TinyRequest.h"

#include <ATen/ATen.h>
#include <c10/core/InferenceMode.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace framesmith::test {

struct RecordingSink : ProgressSink {
    std::vector<Warning> warnings;
    void onWarning(const Warning& w) override { warnings.push_back(w); }
};

inline std::vector<DeviceInfo> simulatedGpus(const std::vector<int>& gib)
{
    return gpus(std::vector<double>(gib.begin(), gib.end()), "simulated");
}

// A preset of exactly these strategies, computed in float32 and decoded untiled (as on the CPU).
inline MemoryPreset presetOf(const std::vector<std::string>& strategies, int prefetch = 1)
{
    MemoryPreset p;
    p.name = "test";
    p.dtype = ComputeDtype::Float32;
    p.streamPrefetchBlocks = prefetch;
    for (const std::string& s : strategies)
        addStrategy(p, s);
    p.vaeTiling = false;
    p.vaeSlicing = false;
    return p;
}

// tiny-2b with `blocks` transformer blocks (block i copies block i % 2) in `dir`.
inline std::string deepTinyModel(const std::string& dir, int blocks)
{
    namespace fs = std::filesystem;
    const std::string source = cogvideoxFixture("models/tiny-2b");
    fs::remove_all(dir);
    fs::copy(source, dir, fs::copy_options::recursive);
    const std::string configPath = dir + "/transformer/config.json";
    std::stringstream text;
    text << std::ifstream(configPath).rdbuf();
    std::string config = text.str();
    const std::string from = "\"num_layers\": 2";
    config.replace(config.find(from), from.size(), "\"num_layers\": " + std::to_string(blocks));
    std::ofstream(configPath) << config;
    const std::string weights = dir + "/transformer/diffusion_pytorch_model.safetensors";
    SafetensorsWriter writer;
    {
        SafetensorsReader reader(source + "/transformer/diffusion_pytorch_model.safetensors");
        const std::string prefix = "transformer_blocks.";
        for (const TensorEntry& e : reader.entries()) {
            at::Tensor t = reader.view(e.name);
            if (e.name.rfind(prefix, 0) != 0) {
                writer.add(e.name, t);
                continue;
            }
            const std::size_t dot = e.name.find('.', prefix.size());
            const int block = std::stoi(e.name.substr(prefix.size(), dot - prefix.size()));
            for (int copy = block; copy < blocks; copy += 2)
                writer.add(prefix + std::to_string(copy) + e.name.substr(dot), t);
        }
    }
    writer.write(weights);
    return dir;
}

inline std::unique_ptr<RuntimePlacement> placementFor(const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                                                      const std::string& modelPath)
{
    return std::make_unique<RuntimePlacement>(preset, devices, ModelRegistry::planning(modelPath)->footprint(preset));
}

struct TinyRun {
    at::Tensor latents;           // [1, F, C, h, w] after the last step
    GenerationResult result;
    std::vector<Warning> warnings;
};

// placement may be null (every component resident on the CPU: the reference run).
inline TinyRun runTiny(const GenerationRequest& request, const MemoryPreset& preset, RuntimePlacement* placement,
                       const std::string& checkpoint, bool isDecodeWanted = false)
{
    c10::InferenceMode inference;
    RecordingSink sink;
    GenerationMemory memory(preset, sink, "cpu");
    PipelineResources resources = PipelineResourcesFor::preset(preset, false);
    resources.placement = placement;
    auto pipeline = ModelRegistry::createPipeline(request.modelPath, resources);
    CancelToken cancel;
    GenerationRunner runner(*pipeline, sink, cancel);
    RunOptions options;
    options.checkpointPath = checkpoint;
    options.decode = resources.decode;
    options.memory = &memory;
    options.placement = placement;
    options.isPreviewWanted = false;
    options.isDecodeWanted = isDecodeWanted;
    TinyRun run;
    run.result = runner.run(request, options);
    run.latents = pipeline->latents().clone();
    run.warnings = sink.warnings;
    return run;
}

} // namespace framesmith::test
