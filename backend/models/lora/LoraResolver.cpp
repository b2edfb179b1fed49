#include "models/lora/LoraResolver.h"

#include "framesmith/Error.h"
#include "io/WeightSource.h"

#include <algorithm>

namespace framesmith {

namespace {

std::string underscored(std::string name)
{
    std::replace(name.begin(), name.end(), '.', '_');
    return name;
}

bool keyEndsWith(const std::string& s, const std::string& tail)
{
    return s.size() > tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string shapeText(const std::vector<std::int64_t>& shape)
{
    std::string s = "[";
    for (std::size_t i = 0; i < shape.size(); ++i)
        s += (i ? ", " : "") + std::to_string(shape[i]);
    return s + "]";
}

std::string shapeText(const at::Tensor& t)
{
    return shapeText(std::vector<std::int64_t>(t.sizes().begin(), t.sizes().end()));
}

} // namespace

LoraResolver::LoraResolver(const LoraKeyMapping& mapping, Shapes targetShapes)
    : m_mapping(mapping), m_shapes(std::move(targetShapes))
{
    for (const auto& [name, shape] : m_shapes) {
        if (!keyEndsWith(name, ".weight"))
            continue;
        const std::string module = name.substr(0, name.size() - 7);
        const std::string original = mapping.originalName(module);
        m_byOriginal.emplace(original, module);
        m_byUnderscored.emplace(underscored(module), module);
        m_byUnderscored.emplace(underscored(original), module);
    }
}

LoraResolver LoraResolver::forModel(const LoraKeyMapping& mapping, const std::string& modelDir)
{
    const WeightSource source = WeightSource::open(mapping.targetWeights(modelDir));
    Shapes shapes;
    for (const std::string& name : source.names())
        shapes[name] = source.find(name)->shape;
    return LoraResolver(mapping, std::move(shapes));
}

std::string LoraResolver::portModule(const LoraModuleTensors& m) const
{
    auto isModule = [&](const std::string& name) { return m_shapes.count(name + ".weight") > 0; };
    auto lookup = [](const std::map<std::string, std::string>& table, const std::string& key) {
        auto it = table.find(key);
        return it == table.end() ? std::string() : it->second;
    };
    switch (m.layout) {
    case LoraKeyLayout::Diffusers: {
        std::string name = m.name;
        const std::string prefix = m_mapping.diffusersPrefix();
        if (name.compare(0, prefix.size(), prefix) == 0)
            name = name.substr(prefix.size());
        return isModule(name) ? name : lookup(m_byOriginal, name);
    }
    case LoraKeyLayout::Original: {
        const std::string module = lookup(m_byOriginal, m.name);
        return !module.empty() ? module : (isModule(m.name) ? m.name : std::string());
    }
    case LoraKeyLayout::Underscored: return lookup(m_byUnderscored, m.name);
    default: return {};
    }
}

LoraModuleDelta LoraResolver::deltaFor(const LoraFile& file, const LoraModuleTensors& m, const std::string& module) const
{
    LoraModuleDelta d;
    d.module = module;
    d.down = m.down;
    d.up = m.up;
    d.upBias = m.upBias;
    d.diff = m.diff;
    d.diffBias = m.diffBias;
    d.isLinear = m_shapes.at(module + ".weight").size() == 2;
    if (m.down.defined()) {
        // kohya/ComfyUI: alpha / rank from the module's own alpha; diffusers: PEFT's LoraConfig.
        if (m.alpha.defined())
            d.scale = m.alpha.item<double>() / static_cast<double>(m.rank());
        else if (file.metadata().hasAdapterConfig())
            d.scale = file.metadata().adapterScale(module, m.rank());
    }
    return d;
}

void LoraResolver::requireFits(const LoraFile& file, const LoraModuleTensors& m, const LoraModuleDelta& d) const
{
    const std::vector<std::int64_t>& weight = m_shapes.at(d.module + ".weight");
    auto refuse = [&](const std::string& what, const std::string& target) {
        throw FileError(ErrorCode::BadFile, file.path(),
                        "made for another model or variant: " + m.firstKey + " " + what + " does not fit " + target +
                            " of this model");
    };
    const std::string weightName = d.module + ".weight " + shapeText(weight);
    if (d.down.defined()) {
        const std::vector<std::int64_t> product = {d.up.size(0), d.down.size(1)};
        if (weight != product)
            refuse("(B @ A is " + shapeText(product) + ")", weightName);
    }
    if (d.diff.defined() && weight != std::vector<std::int64_t>(d.diff.sizes().begin(), d.diff.sizes().end()))
        refuse("(diff " + shapeText(d.diff) + ")", weightName);
    for (const at::Tensor* bias : {&d.upBias, &d.diffBias}) {
        if (!bias->defined())
            continue;
        auto it = m_shapes.find(d.module + ".bias");
        if (it == m_shapes.end())
            refuse("(a bias delta)", d.module + ", which has no bias,");
        if (it->second != std::vector<std::int64_t>(bias->sizes().begin(), bias->sizes().end()))
            refuse("(bias delta " + shapeText(*bias) + ")", d.module + ".bias " + shapeText(it->second));
    }
}

ResolvedLora LoraResolver::resolve(const LoraFile& file) const
{
    ResolvedLora resolved;
    resolved.path = file.path();
    resolved.fileModules = static_cast<int>(file.modules().size());
    for (const LoraModuleTensors& m : file.modules()) {
        const std::string module = portModule(m);
        if (module.empty()) {
            resolved.skipped.push_back(m.firstKey);
            continue;
        }
        LoraModuleDelta delta = deltaFor(file, m, module);
        requireFits(file, m, delta);
        resolved.modules.push_back(std::move(delta));
    }
    if (resolved.modules.empty()) {
        std::string first;
        for (std::size_t i = 0; i < resolved.skipped.size() && i < 3; ++i)
            first += (i ? ", " : "") + resolved.skipped[i];
        throw FileError(ErrorCode::BadFile, file.path(),
                        "made for another model family or variant: none of its " + std::to_string(resolved.fileModules) +
                            " modules exists in this model (first keys: " + first + "; this model's modules are named like " +
                            m_mapping.exampleModules() + ")");
    }
    return resolved;
}

std::int64_t ResolvedLora::bytes() const
{
    std::int64_t total = 0;
    for (const LoraModuleDelta& d : modules)
        for (const at::Tensor* t : {&d.down, &d.up, &d.upBias, &d.diff, &d.diffBias})
            if (t->defined())
                total += t->numel() * static_cast<std::int64_t>(t->element_size());
    return total;
}

std::string ResolvedLora::partialMatchWarning() const
{
    if (skipped.empty())
        return {};
    const std::string name = path.substr(path.find_last_of('/') + 1);
    return "LoRA " + name + ": " + std::to_string(modules.size()) + " of " + std::to_string(fileModules) +
           " modules matched, " + std::to_string(skipped.size()) + " skipped (first: " + skipped.front() + ")";
}

} // namespace framesmith
