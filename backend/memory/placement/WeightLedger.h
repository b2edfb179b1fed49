#pragma once
// Bookkeeping of weight bytes per device: which module has a copy where, how many bytes each
// device holds now and at most, and the traffic in and out. Devices are names, so a plan for
// "cuda:1" can be checked on a CPU-only machine. One thread (the generation worker).
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

struct DeviceTraffic {
    int movesIn = 0;
    int movesOut = 0;
    std::int64_t bytesIn = 0;
    std::int64_t bytesOut = 0;
};

class WeightLedger {
public:
    // First appearance of a module's weights (read from disk) on `device`.
    void load(const std::string& module, const std::string& device, std::int64_t bytes);
    // Every copy of the module goes to `device` (Module::to): counted out of the old, into the new.
    void move(const std::string& module, const std::string& device);
    // An extra copy on `device` while the original stays (streamed blocks, guidance replicas).
    void copy(const std::string& module, const std::string& device);
    void drop(const std::string& module, const std::string& device); // removes one copy
    void unload(const std::string& module);                         // every copy

    bool isLoaded(const std::string& module) const;
    bool isOn(const std::string& module, const std::string& device) const;
    std::int64_t bytesOf(const std::string& module) const;
    std::int64_t residentBytes(const std::string& device) const;
    std::int64_t peakBytes(const std::string& device) const;
    void resetPeaks(); // peaks restart from what is resident now
    DeviceTraffic traffic(const std::string& device) const;
    std::vector<std::string> devices() const; // every device ever seen, sorted

private:
    void add(const std::string& device, std::int64_t bytes);
    void remove(const std::string& device, std::int64_t bytes);
    const std::map<std::string, int>& copiesOf(const std::string& module) const;

    struct Entry {
        std::int64_t bytes = 0;
        std::map<std::string, int> copies; // device -> number of copies
    };
    std::map<std::string, Entry> m_modules;
    std::map<std::string, std::int64_t> m_resident;
    std::map<std::string, std::int64_t> m_peak;
    std::map<std::string, DeviceTraffic> m_traffic;
};

} // namespace framesmith
