#pragma once
// NVML (the NVIDIA driver's management library) opened at run time with dlopen, so the backend
// builds and runs on machines without the NVIDIA driver. Debian ships no NVML header: the few
// entry points used here are declared by hand with the driver's stable C ABI.
// Thread contract: construct and query from one thread (the VramMonitor sampler).
#include <cstdint>
#include <optional>
#include <string>

namespace framesmith {

struct NvmlDeviceMemory {
    std::int64_t usedBytes = 0;
    std::int64_t totalBytes = 0;
};

class NvmlLibrary {
public:
    static constexpr const char* kDefaultLibraryName = "libnvidia-ml.so.1";

    // Loads and initialises NVML. Never throws: on failure isAvailable() is false and
    // problem() says why ("libnvidia-ml.so.1 not found", "nvmlInit failed: ...").
    explicit NvmlLibrary(const std::string& libraryName = kDefaultLibraryName);
    ~NvmlLibrary(); // nvmlShutdown + dlclose
    NvmlLibrary(const NvmlLibrary&) = delete;
    NvmlLibrary& operator=(const NvmlLibrary&) = delete;

    bool isAvailable() const { return m_initialised; }
    const std::string& problem() const { return m_problem; }

    int deviceCount() const;
    std::string deviceName(int index) const;                     // "" when unknown
    std::optional<NvmlDeviceMemory> memory(int index) const;     // nullopt when the query fails

private:
    struct Api;
    bool resolve();
    std::string errorText(int code) const;

    void* m_handle = nullptr;
    Api* m_api = nullptr;
    bool m_initialised = false;
    std::string m_problem;
};

} // namespace framesmith
