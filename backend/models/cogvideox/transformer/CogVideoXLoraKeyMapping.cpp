#include "models/cogvideox/transformer/CogVideoXLoraKeyMapping.h"

#include <filesystem>

namespace framesmith {

// A model folder (transformer/ inside) or, for `eval transformer`, the transformer folder itself.
std::string CogVideoXLoraKeyMapping::targetWeights(const std::string& modelDir) const
{
    const std::filesystem::path transformer = std::filesystem::path(modelDir) / "transformer";
    std::error_code ec;
    return std::filesystem::is_directory(transformer, ec) ? transformer.string() : modelDir;
}

std::string CogVideoXLoraKeyMapping::exampleModules() const
{
    return "transformer_blocks.0.attn1.to_q, transformer_blocks.0.ff.net.0.proj";
}

} // namespace framesmith
