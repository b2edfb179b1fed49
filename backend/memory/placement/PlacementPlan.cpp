#include "memory/placement/PlacementPlan.h"

#include <sstream>

namespace framesmith {

const char* componentName(Component component)
{
    switch (component) {
    case Component::TextEncoder: return "text_encoder";
    case Component::Transformer: return "transformer";
    case Component::Vae: return "vae";
    case Component::Invalid: break;
    }
    return "invalid";
}

const char* keepModeName(KeepMode mode)
{
    switch (mode) {
    case KeepMode::InPlace: return "kept";
    case KeepMode::OnHost: return "kept in RAM";
    case KeepMode::Free: break;
    }
    return "freed";
}

void PlacementPlan::keepLoaded(Component component, KeepMode mode)
{
    if (mode == KeepMode::Free)
        return;
    for (ModulePlacement* m : ofComponent(component)) {
        m->dropAfterUse = false;
        // Streamed blocks rest in RAM already; parking anything else there frees its device between stages.
        if (mode == KeepMode::OnHost && !m->streamed) {
            m->homeDevice = "cpu";
            m->releaseAfterUse = m->computeDevice != "cpu";
        }
    }
}

void PlacementPlan::keepLoaded(const Residency& residency)
{
    for (const auto& [component, mode] : residency)
        keepLoaded(component, mode);
}

bool PlacementPlan::keepsLoaded(Component component) const
{
    const auto modules = ofComponent(component);
    return !modules.empty() && !modules.front()->dropAfterUse;
}

bool PlacementPlan::keepsAnyLoaded() const
{
    for (Component c : {Component::TextEncoder, Component::Transformer, Component::Vae})
        if (keepsLoaded(c))
            return true;
    return false;
}

std::string PlacementPlan::signature() const
{
    std::ostringstream out;
    for (const ModulePlacement& m : m_modules)
        out << m.module << ' ' << m.homeDevice << ' ' << m.computeDevice << ' ' << m.releaseAfterUse
            << m.dropAfterUse << m.streamed << ';';
    out << "cfg " << m_cfgUnconditionalDevice << "; prefetch " << m_prefetchBlocks << "; narrowed " << m_narrowedBlocks;
    return out.str();
}

ModulePlacement* PlacementPlan::find(const std::string& module)
{
    for (ModulePlacement& m : m_modules)
        if (m.module == module)
            return &m;
    return nullptr;
}

const ModulePlacement* PlacementPlan::find(const std::string& module) const
{
    return const_cast<PlacementPlan*>(this)->find(module);
}

std::vector<ModulePlacement*> PlacementPlan::ofComponent(Component component)
{
    std::vector<ModulePlacement*> out;
    for (ModulePlacement& m : m_modules)
        if (m.component == component)
            out.push_back(&m);
    return out;
}

std::vector<const ModulePlacement*> PlacementPlan::ofComponent(Component component) const
{
    std::vector<const ModulePlacement*> out;
    for (const ModulePlacement& m : m_modules)
        if (m.component == component)
            out.push_back(&m);
    return out;
}

std::vector<std::string> PlacementPlan::transformerComputeDevices() const
{
    std::vector<std::string> devices;
    for (const ModulePlacement& m : m_modules)
        if (m.component == Component::Transformer && m.blockIndex >= 0 &&
            (devices.empty() || devices.back() != m.computeDevice))
            devices.push_back(m.computeDevice);
    return devices;
}

std::string PlacementPlan::computeDeviceOf(Component component) const
{
    for (const ModulePlacement& m : m_modules)
        if (m.component == component)
            return m.computeDevice;
    return {};
}

std::string PlacementPlan::loadDeviceOf(Component component) const
{
    if (component == Component::Transformer && m_narrowedBlocks)
        return "cpu";
    const std::vector<const ModulePlacement*> parts = ofComponent(component);
    if (parts.empty())
        return {};
    const std::string& home = parts.front()->homeDevice;
    for (const ModulePlacement* m : parts)
        if (m->homeDevice != home)
            return "cpu";
    return home;
}

std::string PlacementPlan::describe() const
{
    std::ostringstream out;
    for (Component c : {Component::TextEncoder, Component::Transformer, Component::Vae}) {
        auto modules = ofComponent(c);
        if (modules.empty())
            continue;
        const ModulePlacement& first = *modules.front();
        out << componentName(c) << ": runs on ";
        if (c == Component::Transformer) {
            auto devices = transformerComputeDevices();
            for (std::size_t i = 0; i < devices.size(); ++i)
                out << (i ? " + " : "") << devices[i];
            if (devices.empty())
                out << first.computeDevice;
        } else {
            out << first.computeDevice;
        }
        bool streamed = false;
        for (const ModulePlacement* m : modules)
            streamed = streamed || m->streamed;
        if (streamed)
            out << ", blocks streamed from RAM (prefetch " << m_prefetchBlocks << ")";
        else if (first.homeDevice != first.computeDevice && !first.dropAfterUse)
            out << ", rests on " << first.homeDevice;
        out << (first.dropAfterUse ? ", freed after its stage" : ", kept loaded");
        out << "\n";
    }
    if (!m_cfgUnconditionalDevice.empty())
        out << "guidance: unconditional half on " << m_cfgUnconditionalDevice << "\n";
    return out.str();
}

} // namespace framesmith
