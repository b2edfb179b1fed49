#include "models/lora/LoraFile.h"

#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <sstream>

namespace framesmith {

namespace {

enum class Part { Down, Up, UpBias, Alpha, Diff, DiffBias };

struct Suffix {
    const char* text;
    Part part;
};

// Longest first: ".lora_B.bias" before ".diff_b" before ".diff".
constexpr Suffix kSuffixes[] = {
    {".lora_down.weight", Part::Down}, {".lora_up.weight", Part::Up}, {".lora_A.weight", Part::Down},
    {".lora_B.weight", Part::Up},      {".lora_B.bias", Part::UpBias}, {".diff_b", Part::DiffBias},
    {".alpha", Part::Alpha},           {".diff", Part::Diff},
};

bool endsWith(const std::string& s, const std::string& tail)
{
    return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

bool startsWith(const std::string& s, const std::string& head)
{
    return s.compare(0, head.size(), head) == 0;
}

// The layout and the module name without its prefix.
std::pair<LoraKeyLayout, std::string> splitPrefix(const std::string& module)
{
    if (startsWith(module, "diffusion_model."))
        return {LoraKeyLayout::Original, module.substr(16)};
    if (startsWith(module, "lora_unet_"))
        return {LoraKeyLayout::Underscored, module.substr(10)};
    if (startsWith(module, "base_model.model.")) // PEFT's own save_pretrained
        return {LoraKeyLayout::Diffusers, module.substr(17)};
    return {LoraKeyLayout::Diffusers, module}; // the "transformer." prefix is the resolver's (the family's)
}

std::string shapeText(const at::Tensor& t)
{
    std::ostringstream s;
    s << t.sizes();
    return s.str();
}

// Conv LoRAs store [rank, in, 1, 1]; every module Framesmith patches is a Linear.
at::Tensor asMatrix(const at::Tensor& t)
{
    if (t.dim() == 4 && t.size(2) == 1 && t.size(3) == 1)
        return t.flatten(1);
    return t;
}

// Zero-copy on the mapping in the file's own float type (a 600 MB bf16 LoRA stays 600 MB of page
// cache); fp8 bytes widened, since libtorch 1.13 has no fp8 type.
at::Tensor tensorOf(const SafetensorsReader& reader, const TensorEntry& entry)
{
    if (SafetensorsReader::viewType(entry.dtype) == at::kByte)
        return reader.load(entry.name, at::kFloat, c10::Device(c10::kCPU));
    return reader.view(entry.name);
}

} // namespace

LoraFile::LoraFile(const std::string& path) : m_path(path)
{
    SafetensorsReader reader(path);
    m_fileBytes = reader.fileBytes();
    m_metadata = LoraMetadata::read(reader.metadata(), path);
    std::vector<std::string> others;
    for (const TensorEntry& entry : reader.entries()) {
        ++m_tensorCount;
        bool isLora = false;
        for (const Suffix& suffix : kSuffixes)
            isLora = isLora || endsWith(entry.name, suffix.text);
        if (startsWith(entry.name, "lora_te") || startsWith(entry.name, "text_encoder") || endsWith(entry.name, ".dora_scale"))
            m_ignored.push_back(entry.name);
        else if (isLora)
            addKey(entry.name, tensorOf(reader, entry));
        else
            others.push_back(entry.name);
    }
    if (m_modules.empty())
        throw FileError(ErrorCode::BadFile, path,
                        "is not a LoRA: none of its " + std::to_string(m_tensorCount) +
                            " tensors is a LoRA weight (lora_A/lora_B, lora_down/lora_up, diff)" +
                            (others.empty() ? std::string() : "; it looks like a full checkpoint ('" + others.front() +
                                                                  "'): pick the LoRA file, not a model"));
    m_ignored.insert(m_ignored.end(), others.begin(), others.end());
    check();
}

void LoraFile::addKey(const std::string& key, const at::Tensor& tensor)
{
    for (const Suffix& suffix : kSuffixes) {
        if (!endsWith(key, suffix.text))
            continue;
        auto [layout, name] = splitPrefix(key.substr(0, key.size() - std::string(suffix.text).size()));
        LoraModuleTensors* module = nullptr;
        for (auto& m : m_modules)
            if (m.layout == layout && m.name == name)
                module = &m;
        if (!module) {
            m_modules.push_back({layout, name, key, {}, {}, {}, {}, {}, {}});
            module = &m_modules.back();
        }
        switch (suffix.part) {
        case Part::Down: module->down = asMatrix(tensor); break;
        case Part::Up: module->up = asMatrix(tensor); break;
        case Part::UpBias: module->upBias = tensor; break;
        case Part::Alpha: module->alpha = tensor; break;
        case Part::Diff: module->diff = tensor; break;
        case Part::DiffBias: module->diffBias = tensor; break;
        }
        return;
    }
}

// What is wrong with a file whatever model it meets: pairs, ranks, finite values.
void LoraFile::check() const
{
    for (const LoraModuleTensors& m : m_modules) {
        const std::string where = m.name + " (" + m.firstKey + ")";
        if (m.down.defined() != m.up.defined())
            throw FileError(ErrorCode::BadFile, m_path, where + ": has " + (m.down.defined() ? "a down (A)" : "an up (B)") +
                                                            " matrix without its " + (m.down.defined() ? "up (B)" : "down (A)"));
        if (m.down.defined()) {
            if (m.down.dim() != 2 || m.up.dim() != 2 || m.down.size(0) != m.up.size(1))
                throw FileError(ErrorCode::BadFile, m_path,
                                where + ": rank mismatch between down (A) " + shapeText(m.down) + " and up (B) " +
                                    shapeText(m.up) + " (B @ A needs A [rank, in] and B [out, rank])");
            const std::int64_t rank = m.down.size(0);
            if (rank < 1 || rank > kMaxRank || rank > std::min(m.up.size(0), m.down.size(1)))
                throw FileError(ErrorCode::BadFile, m_path,
                                where + ": absurd rank " + std::to_string(rank) + " for a [" + std::to_string(m.up.size(0)) +
                                    ", " + std::to_string(m.down.size(1)) + "] weight (a LoRA's rank is below both)");
        }
        if (m.alpha.defined() && m.alpha.numel() != 1)
            throw FileError(ErrorCode::BadFile, m_path, where + ": alpha has " + std::to_string(m.alpha.numel()) +
                                                            " values, expected one");
        for (const at::Tensor* t : {&m.down, &m.up, &m.upBias, &m.alpha, &m.diff, &m.diffBias})
            if (t->defined() && !at::isfinite(*t).all().item<bool>())
                throw FileError(ErrorCode::BadFile, m_path, where + ": holds NaN or Inf values (merging it would "
                                                                    "turn the model's output into NaN)");
    }
}

LoraKeyLayout LoraFile::layout() const
{
    return m_modules.empty() ? LoraKeyLayout::Invalid : m_modules.front().layout;
}

const char* LoraFile::layoutName(LoraKeyLayout layout)
{
    switch (layout) {
    case LoraKeyLayout::Diffusers: return "diffusers/PEFT";
    case LoraKeyLayout::Original: return "ComfyUI (original names)";
    case LoraKeyLayout::Underscored: return "kohya (lora_unet_)";
    default: return "unknown";
    }
}

} // namespace framesmith
