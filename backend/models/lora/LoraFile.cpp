#include "models/lora/LoraFile.h"

#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <sstream>

namespace framesmith {

namespace {

std::string loraShapeText(const at::Tensor& t)
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
        if (LoraKeyName::isIgnored(entry.name))
            m_ignored.push_back(entry.name);
        else if (const auto key = LoraKeyName::parse(entry.name))
            addKey(*key, entry.name, tensorOf(reader, entry));
        else
            others.push_back(entry.name);
    }
    if (m_modules.empty())
        throw FileError(ErrorCode::BadFile, path,
                        LoraKeyName::notALoraMessage(m_tensorCount, others.empty() ? std::string() : others.front()));
    m_ignored.insert(m_ignored.end(), others.begin(), others.end());
    check();
}

void LoraFile::addKey(const LoraKeyName& key, const std::string& fullKey, const at::Tensor& tensor)
{
    LoraModuleTensors* module = nullptr;
    for (auto& m : m_modules)
        if (m.layout == key.layout && m.name == key.module)
            module = &m;
    if (!module) {
        m_modules.push_back({key.layout, key.module, fullKey, {}, {}, {}, {}, {}, {}});
        module = &m_modules.back();
    }
    switch (key.part) {
    case LoraKeyPart::Down: module->down = asMatrix(tensor); break;
    case LoraKeyPart::Up: module->up = asMatrix(tensor); break;
    case LoraKeyPart::UpBias: module->upBias = tensor; break;
    case LoraKeyPart::Alpha: module->alpha = tensor; break;
    case LoraKeyPart::Diff: module->diff = tensor; break;
    case LoraKeyPart::DiffBias: module->diffBias = tensor; break;
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
                                where + ": rank mismatch between down (A) " + loraShapeText(m.down) + " and up (B) " +
                                    loraShapeText(m.up) + " (B @ A needs A [rank, in] and B [out, rank])");
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
