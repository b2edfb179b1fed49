#include "memory/planner/ModelFootprint.h"

namespace framesmith {

ComponentFootprint& ModelFootprint::add(std::string name, ComponentRole role, std::int64_t baseBytes)
{
    ComponentFootprint c;
    c.name = std::move(name);
    c.role = role;
    c.baseBytes = baseBytes;
    components.push_back(std::move(c));
    return components.back();
}

const ComponentFootprint* ModelFootprint::find(const std::string& name) const
{
    for (const ComponentFootprint& c : components)
        if (c.name == name)
            return &c;
    return nullptr;
}

ComponentFootprint* ModelFootprint::find(const std::string& name)
{
    return const_cast<ComponentFootprint*>(static_cast<const ModelFootprint*>(this)->find(name));
}

const ComponentFootprint& ModelFootprint::denoiser() const
{
    static const ComponentFootprint kNone;
    for (const ComponentFootprint& c : components)
        if (c.role == ComponentRole::Denoiser)
            return c;
    return kNone;
}

ComponentFootprint* ModelFootprint::firstOfRole(ComponentRole role)
{
    for (ComponentFootprint& c : components)
        if (c.role == role)
            return &c;
    return nullptr;
}

std::int64_t ModelFootprint::bytesOf(ComponentRole role) const
{
    std::int64_t bytes = 0;
    for (const ComponentFootprint& c : components)
        if (c.role == role)
            bytes += c.bytes();
    return bytes;
}

std::int64_t ModelFootprint::totalBytes() const
{
    std::int64_t bytes = 0;
    for (const ComponentFootprint& c : components)
        bytes += c.bytes();
    return bytes;
}

} // namespace framesmith
