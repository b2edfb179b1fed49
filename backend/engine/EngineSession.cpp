#include "engine/EngineSession.h"

#include "memory/placement/PlacementPlanner.h"
#include "models/ModelRegistry.h"

namespace framesmith {

EngineSession::EngineSession(EngineSetup setup) : m_setup(std::move(setup))
{
    const ModelFootprint footprint = ModelRegistry::planning(m_setup.request.modelPath)->footprint(m_setup.preset);
    m_placement = std::make_unique<RuntimePlacement>(m_setup.preset, m_setup.devices, footprint, m_setup.residency);
    PipelineResources resources = m_setup.resources;
    resources.cancel = &m_cancel;
    resources.placement = m_placement.get();
    m_pipeline = ModelRegistry::createPipeline(m_setup.request.modelPath, resources);
}

EngineSession::~EngineSession()
{
    m_pipeline.reset(); // frees the models, which refer to the placement and the token
    m_placement.reset();
}

std::string EngineSession::promptModelKey() const
{
    return m_setup.modelKey + "|" + dtypeName(m_setup.preset.dtype) + "|" + m_setup.resources.device.str();
}

} // namespace framesmith
