#pragma once
// A placement that keeps everything on the CPU and records what the pipeline attaches and detaches
// ("+transformer -transformer ..."), so a test can see which components were loaded when.
#include "memory/placement/ComponentPlacement.h"

#include <set>
#include <string>

namespace framesmith::test {

class WanRecordingPlacement : public ComponentPlacement {
public:
    std::set<std::string> attached;
    std::string events;

    std::string log() const { return events; }

    c10::Device loadDevice(const std::string&) const override { return c10::kCPU; }
    c10::Device computeDevice(const std::string&) const override { return c10::kCPU; }
    c10::Device physicalDevice(const std::string&) const override { return c10::kCPU; }
    void attach(const std::string& component, Module&, const std::vector<Module*>& = {},
                const std::vector<std::string>& = {}) override
    {
        attached.insert(component);
        events += (events.empty() ? "+" : " +") + component;
    }
    void detach(const std::string& component) override
    {
        attached.erase(component);
        events += (events.empty() ? "-" : " -") + component;
    }
    std::function<void(int, bool)> blockCallback() override { return [](int, bool) {}; }
    std::string cfgUnconditionalDevice() const override { return ""; }
    c10::Device replicaLoadDevice() const override { return c10::kCPU; }
    void attachReplica(Module&, const std::vector<Module*>&, const std::vector<std::string>&) override {}
    std::function<void(int, bool)> replicaBlockCallback() override { return [](int, bool) {}; }
    std::string logicalComputeDevice(const std::string&) const override { return "cpu"; }
    void noteForward(const std::string&, const std::string&) override {}
};

} // namespace framesmith::test
