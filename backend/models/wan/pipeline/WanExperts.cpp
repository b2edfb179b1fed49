#include "models/wan/pipeline/WanExperts.h"

#include "models/lora/LoraLibrary.h"
#include "models/wan/transformer/WanLoraKeyMapping.h"

#include "framesmith/Error.h"

namespace framesmith {

WanExperts::WanExperts(std::string modelDir, const PipelineResources& resources, int expertCount)
    : m_modelDir(std::move(modelDir)), m_resources(resources), m_expertCount(expertCount)
{
}

const char* WanExperts::componentName(int expert)
{
    return expert == 0 ? "transformer" : "transformer_2";
}

bool WanExperts::isKept(int expert) const
{
    return m_resources.placement && m_resources.placement->keepsLoaded(componentName(expert));
}

c10::Device WanExperts::computeDevice(int expert) const
{
    return m_resources.placement ? m_resources.placement->computeDevice(componentName(expert)) : m_resources.device;
}

WanTransformer3DModel& WanExperts::activate(int expert)
{
    if (expert < 0 || expert >= m_expertCount)
        throw Error(ErrorCode::Internal, "wan pipeline: no expert " + std::to_string(expert) + " in " + m_modelDir);
    if (m_active == expert)
        return *m_models[expert];
    if (m_active >= 0)
        releaseOne(m_active); // the switch: the high-noise expert leaves before the low-noise one loads
    ComponentPlacement* placement = m_resources.placement;
    const char* name = componentName(expert);
    if (!m_models[expert]) {
        const c10::Device device = placement ? placement->loadDevice(name) : m_resources.device;
        m_models[expert] = WanTransformer3DModel::load(m_modelDir + "/" + name, m_resources.dtype, device);
        m_models[expert]->setCancelToken(m_resources.cancel);
        m_appliers[expert] = LoraApplier();
    }
    applyLoras(expert); // before attach, as the other families do: the placement moves what it holds
    if (placement) {
        // A kept expert is attached again: its stage has come round.
        placement->attach(name, *m_models[expert], m_models[expert]->blockModules(), {"blocks."});
        m_models[expert]->setBlockCallback(placement->blockCallback());
    }
    m_active = expert;
    return *m_models[expert];
}

void WanExperts::setLoras(std::vector<LoraSpec> loras, LoraMode mode)
{
    for (int expert = 0; expert < m_expertCount; ++expert) // refused here, before any weight loads
        WanLoraKeyMapping::lorasFor(loras, m_modelDir, componentName(expert));
    m_loras = std::move(loras);
    m_loraMode = mode;
}

void WanExperts::applyLoras(int expert)
{
    static const WanLoraKeyMapping mapping;
    const std::string name = componentName(expert);
    const std::vector<LoraSpec> mine = WanLoraKeyMapping::lorasFor(m_loras, m_modelDir, name);
    const LoraLibrary::Prepared prepared = LoraLibrary::prepare(mine, mapping, m_modelDir + "/" + name);
    m_appliers[expert].apply(*m_models[expert], prepared.loras, m_loraMode, computeDevice(expert), m_resources.dtype);
}

void WanExperts::releaseOne(int expert)
{
    if (m_models[expert] && m_resources.placement)
        m_resources.placement->detach(componentName(expert));
    if (!isKept(expert))
        m_models[expert].reset();
    if (m_active == expert)
        m_active = -1;
}

void WanExperts::release()
{
    if (m_active >= 0)
        releaseOne(m_active);
    for (int e = 0; e < m_expertCount; ++e)
        if (!isKept(e))
            m_models[e].reset();
}

} // namespace framesmith
