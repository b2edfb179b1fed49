#pragma once
// Names for devices in plans and ledgers: "cpu", "cuda:0", ...
#include "framesmith/DeviceInfo.h"

#include <cstdint>
#include <string>

namespace framesmith {

std::string deviceName(const DeviceInfo& device);   // "cuda:N" or "cpu"
std::string cudaDeviceName(int index);
bool isCudaDeviceName(const std::string& name);
int cudaIndexOf(const std::string& name);            // -1 for "cpu" and unknown names
// What a plan may use: free memory when known (another process may hold the rest), else total.
std::int64_t usableBytes(const DeviceInfo& device);

} // namespace framesmith
