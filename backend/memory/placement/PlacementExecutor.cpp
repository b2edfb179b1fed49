#include "memory/placement/PlacementExecutor.h"

#include <algorithm>

namespace framesmith {

PlacementExecutor::PlacementExecutor(PlacementPlan plan, WeightLedger& ledger, WeightTransport* transport)
    : m_plan(std::move(plan)), m_ledger(ledger), m_transport(transport),
      m_blockComponent(m_plan.blockComponentOf(Stage::Denoising))
{
}

void PlacementExecutor::setModuleBytes(const std::string& module, std::int64_t bytes)
{
    if (ModulePlacement* m = m_plan.find(module); m && !m_ledger.isLoaded(module))
        m->bytes = bytes;
}

void PlacementExecutor::bringIn(const ModulePlacement& m)
{
    // Streamed blocks rest at home (pageable RAM) and visit the GPU block by block (PinnedStagingRing).
    const std::string& target = m.streamed ? m.homeDevice : m.computeDevice;
    m_ledger.move(m.module, target);
    if (m_transport)
        m_transport->moveModule(m.module, target);
}

bool PlacementExecutor::isTakenInTurn(const PlacementPlan& plan, const std::string& component)
{
    const std::vector<const ModulePlacement*> parts = plan.ofComponent(component);
    if (parts.empty() || parts.front()->role != ComponentRole::Denoiser)
        return false;
    int denoisers = 0;
    for (const std::string& c : plan.componentsOf(stageOf(ComponentRole::Denoiser)))
        denoisers += plan.ofComponent(c).front()->role == ComponentRole::Denoiser ? 1 : 0;
    return denoisers > 1;
}

bool PlacementExecutor::isImageEncoderComponent(const std::string& component) const
{
    const std::vector<const ModulePlacement*> parts = m_plan.ofComponent(component);
    return !parts.empty() && parts.front()->role == ComponentRole::ImageEncoder;
}

bool PlacementExecutor::isWaiting(const std::string& component) const
{
    return component != m_blockComponent && isTakenInTurn(m_plan, component);
}

void PlacementExecutor::readIn(const std::vector<std::string>& components)
{
    // The whole component is read to its load device first (RuntimePlacement reads it there), then
    // each part moves to where it runs: that transient counts in the stage's peak.
    for (const std::string& component : components)
        for (const ModulePlacement* m : m_plan.ofComponent(component))
            if (!m_ledger.isLoaded(m->module))
                m_ledger.load(m->module, m_plan.loadDeviceOf(component), m->bytes);
    for (const std::string& component : components)
        for (const ModulePlacement* m : m_plan.ofComponent(component))
            bringIn(*m);
}

void PlacementExecutor::beginStage(Stage stage, const std::string& active)
{
    m_ledger.resetPeaks();
    std::vector<std::string> components = m_plan.componentsOf(stage);
    if (!active.empty() && isTakenInTurn(m_plan, active))
        m_blockComponent = active;
    else if (std::string blocked = m_plan.blockComponentOf(stage); !blocked.empty())
        m_blockComponent = std::move(blocked);
    // An expert whose turn has not come stays on disk: the pipeline reads it when it attaches. An
    // image encoder reads the start image at the start of denoising, not beside the text encoder:
    // it is read in at its own attach, alone.
    const bool isImageEncoder = !active.empty() && isImageEncoderComponent(active);
    components.erase(std::remove_if(components.begin(), components.end(),
                                    [&](const std::string& c) {
                                        return isWaiting(c) || (isImageEncoder ? c != active
                                                                               : isImageEncoderComponent(c));
                                    }),
                     components.end());
    readIn(components);
    if (stage == Stage::Denoising && !m_plan.cfgUnconditionalDevice().empty() && !m_ledger.isLoaded(replicaName())) {
        std::int64_t bytes = 0;
        for (const ModulePlacement* m : m_plan.ofLever(ComponentRole::Denoiser))
            if (!isWaiting(m->component))
                bytes += m->bytes;
        m_ledger.load(replicaName(), m_plan.cfgUnconditionalDevice(), bytes);
    }
}

void PlacementExecutor::switchTo(const std::string& component)
{
    if (component == m_blockComponent || !isTakenInTurn(m_plan, component) || !isTakenInTurn(m_plan, m_blockComponent)) {
        setBlockComponent(component);
        return;
    }
    dropStreamedBlocks();
    const std::string previous = m_blockComponent;
    for (const ModulePlacement* m : m_plan.ofComponent(previous)) // the pipeline frees it before the next loads
        endUse(*m);
    m_blockComponent = component;
    readIn({component});
}

void PlacementExecutor::endUse(const ModulePlacement& m)
{
    if (!m_ledger.isLoaded(m.module))
        return; // an expert whose turn never came
    if (m.dropAfterUse || (isTakenInTurn(m_plan, m.component) && !m_plan.keepsLoaded(m.component))) {
        m_ledger.unload(m.module);
        return;
    }
    if (!m.releaseAfterUse || m.streamed)
        return;
    m_ledger.move(m.module, m.homeDevice);
    if (m_transport)
        m_transport->moveModule(m.module, m.homeDevice);
}

void PlacementExecutor::endStage(Stage stage)
{
    const std::vector<std::string> components = m_plan.componentsOf(stage);
    dropStreamedBlocks();
    auto& peaks = m_stagePeaks[stageName(stage)];
    for (const std::string& device : m_ledger.devices())
        peaks[device] = m_ledger.peakBytes(device);
    // The guidance replica is needed for denoising only: dropping it leaves room to decode (unless
    // a warm engine keeps the transformer, replica included, for the next generation).
    if (stage == Stage::Denoising && m_ledger.isLoaded(replicaName()) &&
        !m_plan.keepsLoaded(m_plan.blockComponentOf(Stage::Denoising)))
        m_ledger.unload(replicaName());
    for (const ModulePlacement& m : m_plan.modules())
        if (std::find(components.begin(), components.end(), m.component) != components.end())
            endUse(m);
}

void PlacementExecutor::dropStreamedBlocks()
{
    for (int block : std::set<int>(m_blocksOnDevice)) {
        const ModulePlacement* m = streamedBlock(block);
        m_ledger.drop(m->module, m->computeDevice);
        if (m_transport)
            m_transport->dropBlock(block, m->computeDevice);
    }
    m_blocksOnDevice.clear();
}

void PlacementExecutor::setBlockComponent(const std::string& component)
{
    if (component == m_blockComponent)
        return;
    dropStreamedBlocks(); // blocks prefetched for the other expert's next step are not this one's
    m_blockComponent = component;
}

const ModulePlacement* PlacementExecutor::streamedBlock(int block) const
{
    const ModulePlacement* m = m_plan.block(m_blockComponent, block);
    return (m && m->streamed) ? m : nullptr;
}

void PlacementExecutor::ensureBlock(int block)
{
    const ModulePlacement* m = streamedBlock(block);
    if (!m || m_blocksOnDevice.count(block))
        return;
    m_ledger.copy(m->module, m->computeDevice);
    if (m_transport)
        m_transport->prefetchBlock(block, m->computeDevice);
    m_blocksOnDevice.insert(block);
}

void PlacementExecutor::onBlock(int block, bool beforeBlock)
{
    const ModulePlacement* m = m_plan.block(m_blockComponent, block);
    if (!m)
        return;
    if (!beforeBlock) {
        if (m_transport)
            m_transport->narrowBlock(block);
        if (m->streamed && m_blocksOnDevice.erase(block)) {
            m_ledger.drop(m->module, m->computeDevice);
            if (m_transport)
                m_transport->dropBlock(block, m->computeDevice);
        }
        return;
    }
    if (m->streamed) {
        ensureBlock(block);
        if (m_transport)
            m_transport->awaitBlock(block, m->computeDevice);
        // Prefetch ahead, wrapping to block 0 for the next step; the copies overlap the widening below.
        const int blockCount = m_plan.blockCount(m_blockComponent);
        for (int ahead = 1; ahead <= m_plan.prefetchBlocks() && blockCount > 0; ++ahead)
            ensureBlock((block + ahead) % blockCount);
    }
    if (m_transport)
        m_transport->widenBlock(block, m->computeDevice);
}

std::function<void(int, bool)> PlacementExecutor::blockCallback()
{
    return [this](int block, bool beforeBlock) { onBlock(block, beforeBlock); };
}

} // namespace framesmith
