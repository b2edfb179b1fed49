#pragma once
// Where each module's weights rest (home) and where it runs (compute). Devices are names
// ("cpu", "cuda:1") so a plan for GPUs can be built, executed against a WeightLedger and tested
// on a CPU-only machine. Built by PlacementPlanner from a preset's strategies; any thread.
#include "memory/planner/ComponentRole.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

// What a warm engine keeps loaded between generations (Engine, WarmResidency): nothing, the
// component where the plan rests it, or the component parked in host RAM between its stages.
enum class KeepMode { Free, InPlace, OnHost };
using Residency = std::map<std::string, KeepMode>; // component name -> what stays
const char* keepModeName(KeepMode mode); // "freed", "kept", "kept in RAM"

struct ModulePlacement {
    std::string module;           // the component's name, or one of its blocks ("<component>.<block key>.7")
    std::string component;        // the model's component it belongs to (ModelFootprint's name)
    ComponentRole role = ComponentRole::Invalid;
    int blockIndex = -1;          // blocks only
    std::string homeDevice;       // where the weights rest between uses
    std::string computeDevice;    // where the module runs; weights move there for its stage
    std::int64_t bytes = 0;
    bool releaseAfterUse = false; // moved back home once its stage ends
    bool dropAfterUse = true;     // freed once its stage ends: a pipeline lives for one generation and
                                  // uses each component in one stage (the runner frees them)
    bool streamed = false;        // copied to computeDevice just before its block runs, dropped after
};

class PlacementPlan {
public:
    std::vector<ModulePlacement>& modules() { return m_modules; }
    const std::vector<ModulePlacement>& modules() const { return m_modules; }
    ModulePlacement* find(const std::string& module);
    const ModulePlacement* find(const std::string& module) const;
    std::vector<ModulePlacement*> ofComponent(const std::string& component);
    std::vector<const ModulePlacement*> ofComponent(const std::string& component) const;
    // Every module of the components a role's lever places (ComponentRole's leverRole): what a
    // strategy for "the text encoder" or "the transformer" reshapes.
    std::vector<ModulePlacement*> ofLever(ComponentRole role);
    std::vector<const ModulePlacement*> ofLever(ComponentRole role) const;
    // The model's components in plan order, and those whose weights a stage needs.
    std::vector<std::string> components() const;
    std::vector<std::string> componentsOf(Stage stage) const;
    // The first component of a stage with blocks ("" when none): whose blocks the per-block hook streams.
    std::string blockComponentOf(Stage stage) const;
    const ModulePlacement* block(const std::string& component, int blockIndex) const;
    int blockCount(const std::string& component) const;

    // Devices the denoiser's blocks run on, in block order (more than one when spread).
    std::vector<std::string> transformerComputeDevices() const;
    std::string computeDeviceOf(const std::string& component) const; // its first module
    std::string computeDeviceOf(ComponentRole role) const; // the first module a role's lever places
    // Where the component's weights are read from disk to: the home all its parts share, else the
    // CPU (parts resting apart, or blocks narrowed to fp8/int8 before any GPU holds them wide).
    std::string loadDeviceOf(const std::string& component) const;

    bool narrowedBlocks() const { return m_narrowedBlocks; }
    void setNarrowedBlocks(bool narrowed) { m_narrowedBlocks = narrowed; }

    // Classifier-free guidance split: the unconditional half runs on this device with its own
    // copy of the transformer; empty when the batch of two runs together.
    const std::string& cfgUnconditionalDevice() const { return m_cfgUnconditionalDevice; }
    void setCfgUnconditionalDevice(std::string device) { m_cfgUnconditionalDevice = std::move(device); }

    int prefetchBlocks() const { return m_prefetchBlocks; }
    void setPrefetchBlocks(int blocks) { m_prefetchBlocks = blocks; }

    // A warm engine's residency: the component's modules are not freed after its stage (InPlace:
    // they stay where the plan rests them; OnHost: they rest in RAM and visit their compute device).
    void keepLoaded(const std::string& component, KeepMode mode);
    void keepLoaded(const Residency& residency);
    bool keepsLoaded(const std::string& component) const; // its modules survive their stage
    bool keepsAnyLoaded() const;
    // Every decision of the plan in one text: equal signatures place weights identically.
    std::string signature() const;

    std::vector<std::string> notes;   // decisions a strategy made or declined ("cfg-parallel: ...")
    std::string describe() const;     // one line per component, for logs and the CLI

private:
    std::vector<ModulePlacement> m_modules;
    std::string m_cfgUnconditionalDevice;
    int m_prefetchBlocks = 0;
    bool m_narrowedBlocks = false;
};

} // namespace framesmith
