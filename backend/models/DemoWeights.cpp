#include "models/DemoWeights.h"

#include "io/SafetensorsWriter.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace framesmith {

void DemoWeights::write(Module& module, const std::string& file, std::uint64_t seed)
{
    auto slots = module.parameters();
    std::sort(slots.begin(), slots.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(seed);
    SafetensorsWriter writer;
    for (const auto& slot : slots) {
        at::Tensor z = at::randn(slot.shape, gen, at::TensorOptions().dtype(at::kFloat));
        const bool isScale = slot.name.size() > 7 && slot.name.compare(slot.name.size() - 7, 7, ".weight") == 0;
        if (slot.shape.size() >= 2)
            z = z / std::sqrt(static_cast<double>(z.numel() / slot.shape[0]));
        else
            z = isScale ? 1.0 + 0.1 * z : 0.1 * z;
        writer.add(slot.name, z);
    }
    writer.setMetadata("format", "pt");
    std::filesystem::create_directories(std::filesystem::path(file).parent_path());
    writer.write(file);
}

} // namespace framesmith
