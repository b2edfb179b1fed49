#include "memory/placement/PlacementExecutor.h"

namespace framesmith {

PlacementExecutor::PlacementExecutor(PlacementPlan plan, WeightLedger& ledger, WeightTransport* transport)
    : m_plan(std::move(plan)), m_ledger(ledger), m_transport(transport)
{
}

void PlacementExecutor::setModuleBytes(const std::string& module, std::int64_t bytes)
{
    if (ModulePlacement* m = m_plan.find(module); m && !m_ledger.isLoaded(module))
        m->bytes = bytes;
}

Component PlacementExecutor::componentOf(Stage stage)
{
    switch (stage) {
    case Stage::TextEncoding: return Component::TextEncoder;
    case Stage::Denoising: return Component::Transformer;
    case Stage::VaeDecoding: return Component::Vae;
    default: return Component::Invalid;
    }
}

void PlacementExecutor::bringIn(const ModulePlacement& m)
{
    // Streamed blocks rest at home (pageable RAM) and visit the GPU block by block (PinnedStagingRing).
    const std::string& target = m.streamed ? m.homeDevice : m.computeDevice;
    m_ledger.move(m.module, target);
    if (m_transport)
        m_transport->moveModule(m.module, target);
}

void PlacementExecutor::beginStage(Stage stage)
{
    m_ledger.resetPeaks();
    const Component component = componentOf(stage);
    // The whole component is read to its load device first (RuntimePlacement reads it there), then
    // each part moves to where it runs: that transient counts in the stage's peak.
    for (const ModulePlacement& m : m_plan.modules())
        if (m.component == component && !m_ledger.isLoaded(m.module))
            m_ledger.load(m.module, m_plan.loadDeviceOf(component), m.bytes);
    for (const ModulePlacement& m : m_plan.modules())
        if (m.component == component)
            bringIn(m);
    if (component == Component::Transformer && !m_plan.cfgUnconditionalDevice().empty() &&
        !m_ledger.isLoaded(replicaName())) {
        std::int64_t bytes = 0;
        for (const ModulePlacement* m : m_plan.ofComponent(Component::Transformer))
            bytes += m->bytes;
        m_ledger.load(replicaName(), m_plan.cfgUnconditionalDevice(), bytes);
    }
}

void PlacementExecutor::endStage(Stage stage)
{
    const Component component = componentOf(stage);
    for (int block : std::set<int>(m_blocksOnDevice)) {
        const ModulePlacement* m = streamedBlock(block);
        m_ledger.drop(m->module, m->computeDevice);
        if (m_transport)
            m_transport->dropBlock(block, m->computeDevice);
    }
    m_blocksOnDevice.clear();
    auto& peaks = m_stagePeaks[stageName(stage)];
    for (const std::string& device : m_ledger.devices())
        peaks[device] = m_ledger.peakBytes(device);
    // The guidance replica is needed for denoising only: dropping it leaves room to decode (unless
    // a warm engine keeps the transformer, replica included, for the next generation).
    if (component == Component::Transformer && m_ledger.isLoaded(replicaName()) &&
        !m_plan.keepsLoaded(Component::Transformer))
        m_ledger.unload(replicaName());
    for (const ModulePlacement& m : m_plan.modules()) {
        if (m.component != component)
            continue;
        if (m.dropAfterUse) {
            m_ledger.unload(m.module);
            continue;
        }
        if (!m.releaseAfterUse || m.streamed)
            continue;
        m_ledger.move(m.module, m.homeDevice);
        if (m_transport)
            m_transport->moveModule(m.module, m.homeDevice);
    }
}

const ModulePlacement* PlacementExecutor::streamedBlock(int block) const
{
    const ModulePlacement* m = m_plan.find("transformer.transformer_blocks." + std::to_string(block));
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
    const ModulePlacement* m = m_plan.find("transformer.transformer_blocks." + std::to_string(block));
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
        const int blockCount = static_cast<int>(m_plan.ofComponent(Component::Transformer).size()) - 1;
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
