#include "models/lora/LoraPlanning.h"

#include "io/SafetensorsReader.h"
#include "memory/planner/ActivationEstimator.h"
#include "models/lora/LoraLibrary.h"
#include "models/lora/LoraMode.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace framesmith {

namespace {

bool nameEndsWith(const std::string& s, const std::string& tail)
{
    return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::int64_t numel(const std::vector<std::int64_t>& shape)
{
    std::int64_t n = 1;
    for (std::int64_t d : shape)
        n *= d;
    return n;
}

struct Pair {
    std::int64_t rank = 0, in = 0, out = 0;
};

void addFile(LoraBytes& bytes, const SafetensorsReader& reader)
{
    std::map<std::string, Pair> pairs; // module -> its down (A) and up (B) shapes
    for (const TensorEntry& e : reader.entries()) {
        for (const char* down : {".lora_A.weight", ".lora_down.weight"})
            if (nameEndsWith(e.name, down) && e.shape.size() >= 2) {
                Pair& p = pairs[e.name.substr(0, e.name.size() - std::string(down).size())];
                p.rank = e.shape[0];
                p.in = e.shape[1];
            }
        for (const char* up : {".lora_B.weight", ".lora_up.weight"})
            if (nameEndsWith(e.name, up) && e.shape.size() >= 2)
                pairs[e.name.substr(0, e.name.size() - std::string(up).size())].out = e.shape[0];
        if (nameEndsWith(e.name, ".lora_A.weight") || nameEndsWith(e.name, ".lora_down.weight") || nameEndsWith(e.name, ".lora_B.weight") ||
            nameEndsWith(e.name, ".lora_up.weight") || nameEndsWith(e.name, ".diff") || nameEndsWith(e.name, ".diff_b"))
            bytes.elements += numel(e.shape);
        if (nameEndsWith(e.name, ".diff")) {
            bytes.largestTouched = std::max(bytes.largestTouched, numel(e.shape));
            bytes.touchedElements += numel(e.shape);
        }
    }
    for (const auto& [module, p] : pairs) {
        bytes.maxRank = std::max(bytes.maxRank, p.rank);
        bytes.maxOutFeatures = std::max(bytes.maxOutFeatures, p.out);
        bytes.largestTouched = std::max(bytes.largestTouched, p.out * p.in);
        bytes.touchedElements += p.out * p.in;
    }
}

std::string mib(std::int64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1 << 20));
    return text;
}

} // namespace

LoraBytes LoraBytes::of(const std::vector<LoraSpec>& loras)
{
    LoraBytes bytes;
    for (const LoraSpec& lora : loras) {
        if (!lora.enabled)
            continue;
        try {
            addFile(bytes, SafetensorsReader(LoraLibrary::locate(lora)));
            ++bytes.count;
        } catch (const std::exception&) {
            // refused with its reason by the engine's own check
        }
    }
    return bytes;
}

std::unique_ptr<ModelPlanning> LoraPlanning::wrap(std::unique_ptr<ModelPlanning> base, const GenerationRequest& request)
{
    const LoraBytes loras = LoraBytes::of(request.loras);
    if (loras.count == 0)
        return base;
    std::int64_t sequence = 0;
    try {
        sequence = base->denoiseSequenceLength(request);
    } catch (const std::exception&) {
        // a request the model refuses: its own figures throw the reason
    }
    std::vector<LoraBytes> perExpert;
    for (const char* skipped : {"low", "high"}) { // the high-noise expert takes all but @low, and so on
        std::vector<LoraSpec> taken;
        for (const LoraSpec& lora : request.loras)
            if (lora.expert != skipped)
                taken.push_back(lora);
        perExpert.push_back(LoraBytes::of(taken));
    }
    return std::make_unique<LoraPlanning>(std::move(base), loras, std::move(perExpert), sequence);
}

LoraPlanning::LoraPlanning(std::unique_ptr<ModelPlanning> base, LoraBytes loras, std::vector<LoraBytes> perExpert,
                           std::int64_t sequenceLength)
    : m_base(std::move(base)), m_loras(loras), m_perExpert(std::move(perExpert)), m_sequenceLength(sequenceLength)
{
}

std::int64_t LoraPlanning::restingBytes(const LoraBytes& loras, const MemoryPreset& preset)
{
    const std::int64_t element = ActivationEstimator::elementBytes(preset.dtype);
    if (chooseLoraMode(preset) == LoraMode::SidePath)
        return loras.elements * element;
    return loras.largestTouched * element; // the merged copy beside the loaded weight, while it is replaced
}

std::int64_t LoraPlanning::stepBytes(int batch, ComputeDtype dtype, bool isSidePath) const
{
    if (!isSidePath)
        return 0;
    return batch * m_sequenceLength * (m_loras.maxRank + m_loras.maxOutFeatures) * ActivationEstimator::elementBytes(dtype);
}

ModelFootprint LoraPlanning::footprint(const MemoryPreset& preset) const
{
    ModelFootprint f = m_base->footprint(preset);
    // With each denoiser, wherever it computes: one transformer takes them all; two experts each
    // take their own (a LoRA on both is applied to, and rests beside, both).
    std::vector<ComponentFootprint*> denoisers;
    for (ComponentFootprint& c : f.components)
        if (c.role == ComponentRole::Denoiser)
            denoisers.push_back(&c);
    if (denoisers.size() == 1)
        denoisers[0]->baseBytes += restingBytes(m_loras, preset);
    else
        for (std::size_t i = 0; i < denoisers.size() && i < m_perExpert.size(); ++i)
            denoisers[i]->baseBytes += restingBytes(m_perExpert[i], preset);
    return f;
}

std::int64_t LoraPlanning::textEncodeBytes(const GenerationRequest& request, ComputeDtype dtype) const
{
    return m_base->textEncodeBytes(request, dtype);
}

std::int64_t LoraPlanning::denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                                        AttentionPath attention) const
{
    // Without the preset resolved (a plan for "auto"), the side path's products are counted: an upper bound.
    const bool isSidePath = !request.resolvedPreset || chooseLoraMode(*request.resolvedPreset) == LoraMode::SidePath;
    return m_base->denoiseBytes(request, batch, dtype, attention) + stepBytes(batch, dtype, isSidePath);
}

double LoraPlanning::denoiseFlops(const GenerationRequest& request, int batch) const
{
    return m_base->denoiseFlops(request, batch);
}

std::int64_t LoraPlanning::denoiseSequenceLength(const GenerationRequest& request) const
{
    return m_base->denoiseSequenceLength(request);
}

std::int64_t LoraPlanning::vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset, bool isCpu) const
{
    return m_base->vaeDecodeBytes(request, preset, isCpu);
}

std::int64_t LoraPlanning::conditionEncodeBytes(const GenerationRequest& request, ComponentRole role,
                                                const MemoryPreset& preset, bool isCpu) const
{
    return m_base->conditionEncodeBytes(request, role, preset, isCpu);
}

std::string LoraPlanning::describe(const ModelPlanning& model, const GenerationRequest& request, const MemoryPreset& preset)
{
    const auto* lora = dynamic_cast<const LoraPlanning*>(&model);
    if (!lora)
        return {};
    const LoraBytes& b = lora->m_loras;
    const std::int64_t element = ActivationEstimator::elementBytes(preset.dtype);
    const std::string head = std::to_string(b.count) + (b.count == 1 ? " LoRA, " : " LoRAs, ") + mib(b.elements * element);
    if (chooseLoraMode(preset) == LoraMode::SidePath)
        return head + ": side path (+" + mib(lora->restingBytes(preset)) + " on the transformer's device, +" +
               mib(lora->stepBytes(2, preset.dtype, true)) + " while a Linear runs)";
    (void)request;
    return head + ": merged (+" + mib(lora->restingBytes(preset)) + " while a weight is replaced, " +
           mib(b.touchedElements * element) + " of loaded weights kept in host RAM to restore them)";
}

} // namespace framesmith
