#include "models/lora/LoraApplier.h"

#include "core/Layers.h"
#include "core/LowRankSidePath.h"
#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <tuple>

namespace framesmith {

namespace {

struct ModuleDelta {
    at::Tensor weight; // float64 sum over the LoRAs, on the weight's device
    at::Tensor bias;
};

void addTo(at::Tensor& sum, const at::Tensor& term)
{
    sum = sum.defined() ? sum + term : term;
}

// W += Σ s·scale·(B @ A) + s·diff and b += Σ s·scale·upBias + s·diffBias, in float64 like the reference's merge.
std::map<std::string, ModuleDelta> deltasOf(const std::vector<WeightedLora>& loras, const std::set<std::string>& skip,
                                            c10::Device device)
{
    std::map<std::string, ModuleDelta> deltas;
    auto wide = [&](const at::Tensor& t) { return t.to(device, at::kDouble); };
    for (const WeightedLora& w : loras)
        for (const LoraModuleDelta& d : w.lora->modules) {
            if (skip.count(d.module))
                continue;
            ModuleDelta& sum = deltas[d.module];
            const double lowRank = w.strength * d.scale;
            if (d.down.defined())
                addTo(sum.weight, at::matmul(wide(d.up), wide(d.down)) * lowRank);
            if (d.diff.defined())
                addTo(sum.weight, wide(d.diff) * w.strength);
            if (d.upBias.defined())
                addTo(sum.bias, wide(d.upBias) * lowRank);
            if (d.diffBias.defined())
                addTo(sum.bias, wide(d.diffBias) * w.strength);
        }
    return deltas;
}

std::string signatureOf(const std::vector<WeightedLora>& loras, LoraMode mode, c10::Device device, c10::ScalarType dtype)
{
    std::string s = std::to_string(static_cast<int>(mode)) + " " + device.str() + " " + c10::toString(dtype);
    for (const WeightedLora& w : loras) {
        char strength[32];
        std::snprintf(strength, sizeof strength, "%.17g", w.strength);
        s += "|" + w.lora->path + "#" + w.lora->sha256 + "@" + strength;
    }
    return s;
}

} // namespace

Linear* findLinear(Module& root, const std::string& path)
{
    std::shared_ptr<Module> node;
    Module* current = &root;
    std::size_t begin = 0;
    while (current && begin <= path.size()) {
        const std::size_t dot = path.find('.', begin);
        const std::string part = path.substr(begin, dot == std::string::npos ? std::string::npos : dot - begin);
        node = current->childModule(part);
        current = node.get();
        if (dot == std::string::npos)
            break;
        begin = dot + 1;
    }
    return dynamic_cast<Linear*>(current);
}

void LoraApplier::apply(Module& model, std::vector<WeightedLora> loras, LoraMode mode, c10::Device device,
                        c10::ScalarType dtype)
{
    // The user's order must not matter: sum in the order of the files' identities.
    std::sort(loras.begin(), loras.end(), [](const WeightedLora& a, const WeightedLora& b) {
        return std::tie(a.lora->sha256, a.lora->path, a.strength) < std::tie(b.lora->sha256, b.lora->path, b.strength);
    });
    const std::string signature = loras.empty() ? std::string() : signatureOf(loras, mode, device, dtype);
    if (signature == m_signature)
        return;
    restore(model);
    if (loras.empty())
        return;
    // The side path takes every Linear; what is not one (norm vectors, other layers) is merged.
    const std::set<std::string> onSidePath =
        mode == LoraMode::SidePath ? attachSidePaths(model, loras, device, dtype) : std::set<std::string>();
    merge(model, loras, onSidePath);
    m_signature = signature;
}

void LoraApplier::merge(Module& model, const std::vector<WeightedLora>& loras, const std::set<std::string>& skip)
{
    std::map<std::string, at::Tensor*> slots;
    for (ParameterSlot& slot : model.parameters())
        slots[slot.name] = slot.tensor;
    for (auto& [module, delta] : deltasOf(loras, skip, c10::Device(c10::kCPU))) {
        for (const auto& [name, sum] : {std::make_pair(module + ".weight", delta.weight), std::make_pair(module + ".bias", delta.bias)}) {
            if (!sum.defined())
                continue;
            auto it = slots.find(name);
            if (it == slots.end() || !it->second->defined())
                throw Error(ErrorCode::Internal, "LoRA merge: " + name + " is not a loaded weight of this model");
            at::Tensor& weight = *it->second;
            // Copy-on-merge: the loaded tensor is kept (on the host) and a merged one takes its slot.
            const at::Tensor original = weight.device().is_cpu() ? weight : weight.to(c10::kCPU);
            m_originals.emplace(name, original);
            weight = (original.to(at::kDouble) + sum).to(weight.device(), weight.scalar_type());
        }
    }
}

std::set<std::string> LoraApplier::attachSidePaths(Module& model, const std::vector<WeightedLora>& loras,
                                                   c10::Device device, c10::ScalarType dtype)
{
    std::map<std::string, std::vector<LowRankSidePath::Term>> terms;
    auto place = [&](const at::Tensor& t) { return t.defined() ? t.to(device, dtype) : t; };
    for (const WeightedLora& w : loras)
        for (const LoraModuleDelta& d : w.lora->modules) {
            if (!d.isLinear || !findLinear(model, d.module))
                continue;
            if (d.down.defined())
                terms[d.module].push_back({place(d.down), place(d.up), place(d.upBias), w.strength * d.scale});
            if (d.diff.defined() || d.diffBias.defined()) // full deltas: scaled by the strength only
                terms[d.module].push_back({at::Tensor(), place(d.diff), place(d.diffBias), w.strength});
        }
    std::set<std::string> attached;
    for (auto& [module, list] : terms) {
        Linear* linear = findLinear(model, module);
        auto path = std::make_shared<const LowRankSidePath>(std::move(list));
        m_sidePathBytes += path->bytes();
        linear->sidePath = path;
        m_patched.push_back(linear);
        attached.insert(module);
    }
    return attached;
}

void LoraApplier::restore(Module& model)
{
    for (Linear* linear : m_patched)
        linear->sidePath.reset();
    m_patched.clear();
    m_sidePathBytes = 0;
    if (!m_originals.empty())
        for (ParameterSlot& slot : model.parameters()) {
            auto it = m_originals.find(slot.name);
            if (it != m_originals.end() && slot.tensor->defined())
                *slot.tensor = it->second.to(slot.tensor->device(), slot.tensor->scalar_type());
        }
    m_originals.clear();
    m_signature.clear();
}

std::int64_t LoraApplier::keptBytes() const
{
    std::int64_t bytes = m_sidePathBytes;
    for (const auto& [name, t] : m_originals)
        bytes += t.numel() * static_cast<std::int64_t>(t.element_size());
    return bytes;
}

} // namespace framesmith
