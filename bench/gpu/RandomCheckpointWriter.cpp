#include "RandomCheckpointWriter.h"

#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

std::int64_t elements(const std::vector<std::int64_t>& shape)
{
    std::int64_t n = 1;
    for (std::int64_t d : shape)
        n *= d;
    return n;
}

at::Tensor randomTensor(const ParameterSlot& slot, at::Generator& gen, c10::ScalarType dtype, c10::Device device)
{
    at::Tensor z = at::randn(slot.shape, gen, at::TensorOptions().dtype(at::kFloat).device(device));
    const bool isWeight = slot.name.size() > 7 && slot.name.compare(slot.name.size() - 7, 7, ".weight") == 0;
    if (slot.shape.size() >= 2)
        z.div_(std::sqrt(static_cast<double>(z.numel() / slot.shape[0])));
    else
        z = isWeight ? z.mul_(0.1).add_(1.0) : z.mul_(0.1);
    return z.to(dtype).cpu();
}

// The CPU: a generator of its own. A GPU: the device's default generator, seeded.
at::Generator generatorFor(c10::Device device, std::uint64_t seed)
{
    if (device.is_cpu())
        return at::make_generator<at::CPUGeneratorImpl>(seed);
    at::Generator gen = at::globalContext().defaultGenerator(device);
    std::lock_guard<std::mutex> lock(gen.mutex());
    gen.set_current_seed(seed);
    return gen;
}

std::string shardName(const std::string& stem, int index, int count)
{
    char name[64];
    std::snprintf(name, sizeof name, "-%05d-of-%05d.safetensors", index + 1, count);
    return stem + name;
}

// Shard boundaries in sorted name order: a new shard starts when the next tensor would overflow.
std::vector<int> shardOf(const std::vector<ParameterSlot>& slots, std::int64_t elementBytes, std::int64_t shardBytes)
{
    std::vector<int> shard;
    int current = 0;
    std::int64_t filled = 0;
    for (const auto& slot : slots) {
        const std::int64_t bytes = elements(slot.shape) * elementBytes;
        if (filled > 0 && filled + bytes > shardBytes) {
            ++current;
            filled = 0;
        }
        filled += bytes;
        shard.push_back(current);
    }
    return shard;
}

} // namespace

RandomCheckpointWriter::Written RandomCheckpointWriter::write(Module& module, const std::string& dirText,
                                                              const std::string& stem, const Options& options)
{
    auto slots = module.parameters();
    std::sort(slots.begin(), slots.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    const std::int64_t elementBytes = c10::elementSize(options.dtype);
    const std::vector<int> shard = shardOf(slots, elementBytes, options.shardBytes);
    const int count = shard.empty() ? 0 : shard.back() + 1;
    const fs::path dir(dirText);
    fs::create_directories(dir);

    at::Generator gen = generatorFor(options.device, options.seed);
    Written written;
    nlohmann::json weightMap = nlohmann::json::object();
    SafetensorsWriter writer;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const std::string file = count == 1 ? stem + ".safetensors" : shardName(stem, shard[i], count);
        writer.add(slots[i].name, randomTensor(slots[i], gen, options.dtype, options.device));
        weightMap[slots[i].name] = file;
        written.parameters += elements(slots[i].shape);
        written.bytes += elements(slots[i].shape) * elementBytes;
        if (i + 1 == slots.size() || shard[i + 1] != shard[i]) {
            writer.setMetadata("format", "pt");
            writer.write((dir / file).string());
            writer = SafetensorsWriter();
            ++written.files;
        }
    }
    if (count > 1) {
        const nlohmann::json index = {{"metadata", {{"total_size", written.bytes}}}, {"weight_map", weightMap}};
        const fs::path path = dir / (stem + ".safetensors.index.json");
        std::ofstream out(path);
        out << index.dump(2) << "\n";
        if (!out)
            throw FileError(ErrorCode::Io, path.string(), "cannot write the shard index");
    }
    return written;
}

} // namespace framesmith
