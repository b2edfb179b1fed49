#include "core/Module.h"

#include <ATen/ATen.h>

namespace framesmith {

void Module::registerParameter(const std::string& name, at::Tensor* slot, std::vector<std::int64_t> shape)
{
    m_parameters.push_back({name, std::move(shape), slot});
}

void Module::collect(const std::string& prefix, std::vector<ParameterSlot>& out)
{
    for (const auto& p : m_parameters)
        out.push_back({prefix + p.name, p.shape, p.tensor});
    for (const auto& [name, child] : m_children)
        child->collect(prefix + name + ".", out);
}

std::vector<ParameterSlot> Module::parameters(const std::string& prefix)
{
    std::vector<ParameterSlot> out;
    collect(prefix, out);
    return out;
}

std::shared_ptr<Module> Module::childModule(const std::string& name) const
{
    for (const auto& [childName, child] : m_children)
        if (childName == name)
            return child;
    return nullptr;
}

void Module::to(c10::Device device, c10::ScalarType dtype)
{
    for (auto& slot : parameters()) {
        at::Tensor& t = *slot.tensor;
        if (!t.defined())
            continue;
        auto target = t.is_floating_point() ? dtype : t.scalar_type();
        if (t.device() != device || t.scalar_type() != target)
            t = t.to(device, target);
    }
}

void Module::to(c10::Device device)
{
    for (auto& slot : parameters())
        if (slot.tensor->defined() && slot.tensor->device() != device)
            *slot.tensor = slot.tensor->to(device);
}

std::int64_t Module::parameterBytes()
{
    std::int64_t bytes = 0;
    for (auto& slot : parameters())
        if (slot.tensor->defined())
            bytes += slot.tensor->numel() * static_cast<std::int64_t>(slot.tensor->element_size());
    return bytes;
}

} // namespace framesmith
