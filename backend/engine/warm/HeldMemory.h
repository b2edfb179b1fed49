#pragma once
// The weight bytes warm engines of this process hold between generations, per device. The free
// memory a plan sees is credited with them: an engine reuses or frees what it holds before it
// loads anything, so its own models must not make the next plan (or the app's forecast) believe
// the device is fuller than it will be. Any thread (a mutex guards it).
#include "framesmith/DeviceInfo.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

class HeldMemory {
public:
    // `owner` identifies one engine; bytes per device name ("cuda:0", "cpu"); empty: holds nothing.
    static void set(const void* owner, const std::map<std::string, std::int64_t>& bytes);
    static std::int64_t bytesOn(const std::string& device);
    // The devices with what engines hold added back to their free memory (never above the total).
    static std::vector<DeviceInfo> credited(std::vector<DeviceInfo> devices);
};

} // namespace framesmith
