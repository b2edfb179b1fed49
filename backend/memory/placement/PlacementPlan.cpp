#include "memory/placement/PlacementPlan.h"

#include <sstream>

namespace framesmith {

namespace {

template <typename Plan, typename Keep>
auto modulesWhere(Plan& modules, Keep keep)
{
    std::vector<decltype(&modules.front())> out;
    for (auto& m : modules)
        if (keep(m))
            out.push_back(&m);
    return out;
}

} // namespace

const char* keepModeName(KeepMode mode)
{
    switch (mode) {
    case KeepMode::InPlace: return "kept";
    case KeepMode::OnHost: return "kept in RAM";
    case KeepMode::Free: break;
    }
    return "freed";
}

void PlacementPlan::keepLoaded(const std::string& component, KeepMode mode)
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

bool PlacementPlan::keepsLoaded(const std::string& component) const
{
    const auto modules = ofComponent(component);
    return !modules.empty() && !modules.front()->dropAfterUse;
}

bool PlacementPlan::keepsAnyLoaded() const
{
    for (const std::string& c : components())
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

std::vector<ModulePlacement*> PlacementPlan::ofComponent(const std::string& component)
{
    return modulesWhere(m_modules, [&](const ModulePlacement& m) { return m.component == component; });
}

std::vector<const ModulePlacement*> PlacementPlan::ofComponent(const std::string& component) const
{
    return modulesWhere(m_modules, [&](const ModulePlacement& m) { return m.component == component; });
}

std::vector<ModulePlacement*> PlacementPlan::ofLever(ComponentRole role)
{
    return modulesWhere(m_modules, [&](const ModulePlacement& m) { return leverRole(m.role) == role; });
}

std::vector<const ModulePlacement*> PlacementPlan::ofLever(ComponentRole role) const
{
    return modulesWhere(m_modules, [&](const ModulePlacement& m) { return leverRole(m.role) == role; });
}

std::vector<std::string> PlacementPlan::components() const
{
    std::vector<std::string> names;
    for (const ModulePlacement& m : m_modules)
        if (names.empty() || names.back() != m.component)
            names.push_back(m.component);
    return names;
}

std::vector<std::string> PlacementPlan::componentsOf(Stage stage) const
{
    std::vector<std::string> names;
    for (const std::string& c : components())
        if (stageOf(ofComponent(c).front()->role) == stage)
            names.push_back(c);
    return names;
}

std::string PlacementPlan::blockComponentOf(Stage stage) const
{
    for (const std::string& c : componentsOf(stage))
        if (blockCount(c) > 0)
            return c;
    return {};
}

const ModulePlacement* PlacementPlan::block(const std::string& component, int blockIndex) const
{
    for (const ModulePlacement& m : m_modules)
        if (m.component == component && m.blockIndex == blockIndex)
            return &m;
    return nullptr;
}

int PlacementPlan::blockCount(const std::string& component) const
{
    int count = 0;
    for (const ModulePlacement& m : m_modules)
        count += m.component == component && m.blockIndex >= 0;
    return count;
}

std::vector<std::string> PlacementPlan::transformerComputeDevices() const
{
    std::vector<std::string> devices;
    for (const ModulePlacement& m : m_modules)
        if (m.role == ComponentRole::Denoiser && m.blockIndex >= 0 &&
            (devices.empty() || devices.back() != m.computeDevice))
            devices.push_back(m.computeDevice);
    return devices;
}

std::string PlacementPlan::computeDeviceOf(const std::string& component) const
{
    for (const ModulePlacement& m : m_modules)
        if (m.component == component)
            return m.computeDevice;
    return {};
}

std::string PlacementPlan::computeDeviceOf(ComponentRole role) const
{
    const auto modules = ofLever(role);
    return modules.empty() ? std::string() : modules.front()->computeDevice;
}

std::string PlacementPlan::loadDeviceOf(const std::string& component) const
{
    const std::vector<const ModulePlacement*> parts = ofComponent(component);
    if (parts.empty())
        return {};
    if (m_narrowedBlocks && parts.front()->role == ComponentRole::Denoiser)
        return "cpu";
    const std::string& home = parts.front()->homeDevice;
    for (const ModulePlacement* m : parts)
        if (m->homeDevice != home)
            return "cpu";
    return home;
}

std::string PlacementPlan::describe() const
{
    std::ostringstream out;
    for (const std::string& c : components()) {
        auto modules = ofComponent(c);
        const ModulePlacement& first = *modules.front();
        out << c << ": runs on ";
        std::vector<std::string> devices;
        for (const ModulePlacement* m : modules)
            if (m->blockIndex >= 0 && (devices.empty() || devices.back() != m->computeDevice))
                devices.push_back(m->computeDevice);
        for (std::size_t i = 0; i < devices.size(); ++i)
            out << (i ? " + " : "") << devices[i];
        if (devices.empty())
            out << first.computeDevice;
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
