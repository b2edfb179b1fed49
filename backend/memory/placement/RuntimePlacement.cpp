#include "memory/placement/RuntimePlacement.h"

#include "framesmith/Error.h"
#include "memory/placement/PlacementPlanner.h"

#include <algorithm>

namespace framesmith {

namespace {

PlacementPlan planFor(const MemoryPreset& preset, const std::vector<DeviceInfo>& devices,
                      const ModelFootprint& footprint, const Residency& residency)
{
    PlacementPlan plan = PlacementPlanner::build(preset, devices, footprint);
    plan.keepLoaded(residency);
    return plan;
}

} // namespace

RuntimePlacement::RuntimePlacement(const MemoryPreset& preset, std::vector<DeviceInfo> devices, ModelFootprint footprint,
                                   Residency residency)
    : m_preset(preset), m_devices(std::move(devices)), m_footprint(footprint),
      m_executor(std::make_unique<PlacementExecutor>(planFor(m_preset, m_devices, m_footprint, residency), m_ledger,
                                                     &m_transport)),
      m_residency(std::move(residency))
{
    m_transport.setStaging(plan().prefetchBlocks() + 1);
}

void RuntimePlacement::setStagingAllocator(PinnedStagingRing::Allocate allocate)
{
    m_transport.setStaging(plan().prefetchBlocks() + 1, std::move(allocate));
}

void RuntimePlacement::beginRun()
{
    m_stagePeaks.clear();
    m_forwards.clear();
}

std::map<std::string, std::int64_t> RuntimePlacement::residentBytes() const
{
    std::map<std::string, std::int64_t> bytes;
    for (const std::string& device : m_ledger.devices())
        if (std::int64_t b = m_ledger.residentBytes(device); b > 0)
            bytes[device] = b;
    return bytes;
}

bool RuntimePlacement::keepsLoaded(const std::string& component) const
{
    return plan().keepsLoaded(component);
}

RuntimePlacement::~RuntimePlacement() = default;

Stage RuntimePlacement::stageOf(const std::string& component) const
{
    return framesmith::stageOf(modulesOf(component).front()->role);
}

const ComponentFootprint& RuntimePlacement::footprintOf(const std::string& component) const
{
    if (const ComponentFootprint* c = m_footprint.find(component))
        return *c;
    throw Error(ErrorCode::Internal, "placement: the model has no component '" + component + "'");
}

std::vector<const ModulePlacement*> RuntimePlacement::modulesOf(const std::string& component) const
{
    std::vector<const ModulePlacement*> modules;
    for (const ModulePlacement& m : plan().modules())
        if (m.component == component)
            modules.push_back(&m);
    if (modules.empty())
        throw Error(ErrorCode::Internal, "placement: the plan has no component '" + component + "'");
    return modules;
}

c10::Device RuntimePlacement::physicalDevice(const std::string& logicalDevice) const
{
    return ModuleWeightTransport::physicalDevice(logicalDevice);
}

std::string RuntimePlacement::logicalLoadDevice(const std::string& component) const
{
    // Read once to where the plan says (PlacementPlan::loadDeviceOf), so no GPU briefly holds parts
    // that rest elsewhere; the executor moves them from there.
    modulesOf(component); // throws for a component the plan does not have
    return plan().loadDeviceOf(component);
}

c10::Device RuntimePlacement::loadDevice(const std::string& component) const
{
    return physicalDevice(logicalLoadDevice(component));
}

std::int64_t RuntimePlacement::stagePeak(Stage stage, const std::string& device) const
{
    auto s = m_stagePeaks.find(stageName(stage));
    if (s == m_stagePeaks.end())
        return 0;
    auto d = s->second.find(device);
    return d == s->second.end() ? 0 : d->second;
}

std::string RuntimePlacement::logicalComputeDevice(const std::string& component) const
{
    return modulesOf(component).front()->computeDevice; // the base module: embeddings and output layers
}

c10::Device RuntimePlacement::computeDevice(const std::string& component) const
{
    return physicalDevice(logicalComputeDevice(component));
}

void RuntimePlacement::attach(const std::string& component, Module& module, const std::vector<Module*>& blocks,
                              const std::vector<std::string>& blockPrefixes)
{
    if (m_attached.count(component))
        return; // its stage is under way already
    // A kept component comes back bound as it was (its quantized blocks included); binding again
    // only refreshes the pointers.
    m_transport.bind(component, module, blockPrefixes);
    if (!blocks.empty())
        m_transport.setBlockModulePrefix(footprintOf(component).blockModulePrefix());
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        m_transport.bindBlock(static_cast<int>(i), *blocks[i]);
        m_transport.quantizeBlock(static_cast<int>(i), m_preset.weightStorage);
    }
    m_attached[component] = Attached{static_cast<std::int64_t>(blocks.size())};
    bringIn(component);
    if (m_attachObserver)
        m_attachObserver(component, footprintOf(component).role);
}

void RuntimePlacement::bringIn(const std::string& component, const std::map<std::string, std::string>& whereNow)
{
    // The ledger starts where the weights are (read to, or left by the previous plan); the
    // executor's moves go from there.
    const std::string from = logicalLoadDevice(component);
    for (const ModulePlacement* m : modulesOf(component)) {
        if (m_ledger.isLoaded(m->module))
            continue;
        std::int64_t bytes = m_transport.boundBytes(m->module);
        if (m->blockIndex < 0)
            bytes += footprintOf(component).bufferBytes; // e.g. 2b's sincos table, built on first use beside the weights
        m_executor->setModuleBytes(m->module, bytes);
        auto it = whereNow.find(m->module);
        m_ledger.load(m->module, it == whereNow.end() ? from : it->second, bytes);
    }
    m_executor->beginStage(stageOf(component), component); // an expert starts its turn
}

void RuntimePlacement::takeOut(const std::string& component)
{
    const Stage stage = stageOf(component);
    m_executor->endStage(stage);
    for (const auto& [device, bytes] : m_executor->stagePeaks().at(stageName(stage))) {
        std::int64_t& peak = m_stagePeaks[stageName(stage)][device];
        peak = std::max(peak, bytes);
    }
}

void RuntimePlacement::detach(const std::string& component)
{
    auto it = m_attached.find(component);
    if (it == m_attached.end())
        return;
    const Attached attached = it->second;
    m_attached.erase(it);
    takeOut(component);
    const bool denoises = stageOf(component) == Stage::Denoising;
    if (denoises)
        m_transport.releaseStaging(); // the ring serves denoising only (the planner counts it there)
    if (keepsLoaded(component))
        return; // the stage is over; the weights stay bound for the next generation
    if (attached.blockCount > 0) // the pipeline frees it now: so go its blocks' resting (int8/fp8) copies
        m_transport.unbindBlocked(component);
    if (denoises)
        m_replicaTransport.unbindAll(); // the guidance replica is freed with the transformer
}

void RuntimePlacement::replan(const MemoryPreset& preset)
{
    m_preset = preset;
    m_wasReplanned = true;
    std::map<std::string, std::string> whereNow; // module -> device its resting copy is on
    for (const auto& [component, attached] : m_attached) {
        for (const ModulePlacement* m : modulesOf(component))
            for (const std::string& device : m_ledger.devices())
                if (m_ledger.isOn(m->module, device) && !whereNow.count(m->module))
                    whereNow[m->module] = device;
        takeOut(component);
    }
    m_executor = std::make_unique<PlacementExecutor>(planFor(m_preset, m_devices, m_footprint, m_residency), m_ledger,
                                                     &m_transport);
    m_transport.setStaging(plan().prefetchBlocks() + 1);
    for (const auto& [component, attached] : m_attached)
        bringIn(component, whereNow);
}

std::function<void(int, bool)> RuntimePlacement::blockCallback()
{
    // Through the current executor: replan() may replace it between steps.
    return [this](int block, bool beforeBlock) { m_executor->onBlock(block, beforeBlock); };
}

int RuntimePlacement::blocksOn(const std::string& device) const
{
    int count = 0;
    for (const ModulePlacement& m : plan().modules())
        if (m.blockIndex >= 0 && m_ledger.isOn(m.module, device))
            ++count;
    return count;
}

c10::Device RuntimePlacement::replicaLoadDevice() const
{
    const bool narrowed = m_preset.weightStorage != WeightStorage::Native;
    return physicalDevice(narrowed ? "cpu" : plan().cfgUnconditionalDevice());
}

void RuntimePlacement::attachReplica(Module& replica, const std::vector<Module*>& blocks,
                                     const std::vector<std::string>& blockPrefixes)
{
    const std::string device = plan().cfgUnconditionalDevice();
    const ComponentFootprint& denoiser = m_footprint.denoiser();
    m_replicaTransport.bind("replica", replica, blockPrefixes);
    m_replicaTransport.setBlockModulePrefix(denoiser.blockModulePrefix());
    m_replicaTransport.moveModule("replica", device);
    m_replicaBytes = m_replicaTransport.boundBytes("replica");
    for (std::size_t i = 0; i < blocks.size(); ++i) {
        const int block = static_cast<int>(i);
        m_replicaTransport.bindBlock(block, *blocks[i]);
        m_replicaTransport.quantizeBlock(block, m_preset.weightStorage);
        const std::string name = denoiser.blockModule(block);
        m_replicaTransport.moveModule(name, device);
        m_replicaBytes += m_replicaTransport.boundBytes(name);
    }
}

std::function<void(int, bool)> RuntimePlacement::replicaBlockCallback()
{
    return [this](int block, bool beforeBlock) {
        if (beforeBlock)
            m_replicaTransport.widenBlock(block, plan().cfgUnconditionalDevice());
        else
            m_replicaTransport.narrowBlock(block);
    };
}

void RuntimePlacement::noteForward(const std::string& half, const std::string& logicalDevice)
{
    m_forwards.emplace_back(half, logicalDevice);
}

} // namespace framesmith
