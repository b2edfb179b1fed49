#include "memory/monitor/NvmlLibrary.h"

#include <dlfcn.h>

namespace framesmith {

// nvml.h ABI: nvmlReturn_t is an int enum (0 = NVML_SUCCESS), nvmlDevice_t an opaque pointer,
// nvmlMemory_t three unsigned long longs in this order. These have not changed since NVML 2.
// A named namespace, not an anonymous one: GCC 14 crashed (internal compiler error in
// decl_anon_ns_mem_p) finishing NvmlLibrary::Api over anonymous-namespace types once this file
// shared a unity batch with others.
namespace nvml_abi {
struct NvmlDeviceOpaque;
using NvmlReturn = int;
using NvmlDevice = NvmlDeviceOpaque*;
struct NvmlMemory {
    unsigned long long total;
    unsigned long long free;
    unsigned long long used;
};
constexpr NvmlReturn kNvmlSuccess = 0;
constexpr unsigned kNvmlNameBufferSize = 96; // NVML_DEVICE_NAME_V2_BUFFER_SIZE
} // namespace nvml_abi
using namespace nvml_abi;

struct NvmlLibrary::Api {
    NvmlReturn (*init)() = nullptr;
    NvmlReturn (*shutdown)() = nullptr;
    const char* (*errorString)(NvmlReturn) = nullptr;
    NvmlReturn (*deviceCount)(unsigned*) = nullptr;
    NvmlReturn (*handleByIndex)(unsigned, NvmlDevice*) = nullptr;
    NvmlReturn (*memoryInfo)(NvmlDevice, NvmlMemory*) = nullptr;
    NvmlReturn (*name)(NvmlDevice, char*, unsigned) = nullptr;
};

NvmlLibrary::NvmlLibrary(const std::string& libraryName)
{
    m_handle = dlopen(libraryName.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!m_handle) {
        const char* why = dlerror();
        m_problem = "NVML not found (" + libraryName + (why ? std::string(": ") + why : std::string()) +
                    "): GPU memory lines unavailable";
        return;
    }
    m_api = new Api;
    if (!resolve()) {
        m_problem = "NVML in " + libraryName + " lacks the functions Framesmith needs: GPU memory lines unavailable";
        return;
    }
    const NvmlReturn status = m_api->init();
    if (status != kNvmlSuccess) {
        m_problem = "nvmlInit failed (" + errorText(status) + "): GPU memory lines unavailable";
        return;
    }
    m_initialised = true;
}

NvmlLibrary::~NvmlLibrary()
{
    if (m_initialised)
        m_api->shutdown();
    delete m_api;
    if (m_handle)
        dlclose(m_handle);
}

bool NvmlLibrary::resolve()
{
    // The _v2 entry points are what nvml.h maps the plain names to since CUDA 5.
    auto symbol = [this](const char* name) { return dlsym(m_handle, name); };
    m_api->init = reinterpret_cast<decltype(m_api->init)>(symbol("nvmlInit_v2"));
    m_api->shutdown = reinterpret_cast<decltype(m_api->shutdown)>(symbol("nvmlShutdown"));
    m_api->errorString = reinterpret_cast<decltype(m_api->errorString)>(symbol("nvmlErrorString"));
    m_api->deviceCount = reinterpret_cast<decltype(m_api->deviceCount)>(symbol("nvmlDeviceGetCount_v2"));
    m_api->handleByIndex =
        reinterpret_cast<decltype(m_api->handleByIndex)>(symbol("nvmlDeviceGetHandleByIndex_v2"));
    m_api->memoryInfo = reinterpret_cast<decltype(m_api->memoryInfo)>(symbol("nvmlDeviceGetMemoryInfo"));
    m_api->name = reinterpret_cast<decltype(m_api->name)>(symbol("nvmlDeviceGetName"));
    return m_api->init && m_api->shutdown && m_api->deviceCount && m_api->handleByIndex && m_api->memoryInfo;
}

std::string NvmlLibrary::errorText(int code) const
{
    if (m_api && m_api->errorString) {
        if (const char* text = m_api->errorString(code))
            return text;
    }
    return "NVML error " + std::to_string(code);
}

int NvmlLibrary::deviceCount() const
{
    unsigned count = 0;
    if (!m_initialised || m_api->deviceCount(&count) != kNvmlSuccess)
        return 0;
    return static_cast<int>(count);
}

std::string NvmlLibrary::deviceName(int index) const
{
    NvmlDevice device = nullptr;
    char buffer[kNvmlNameBufferSize] = {};
    if (!m_initialised || !m_api->name || m_api->handleByIndex(static_cast<unsigned>(index), &device) != kNvmlSuccess ||
        m_api->name(device, buffer, sizeof buffer) != kNvmlSuccess)
        return {};
    return buffer;
}

std::optional<NvmlDeviceMemory> NvmlLibrary::memory(int index) const
{
    NvmlDevice device = nullptr;
    NvmlMemory info{};
    if (!m_initialised || m_api->handleByIndex(static_cast<unsigned>(index), &device) != kNvmlSuccess ||
        m_api->memoryInfo(device, &info) != kNvmlSuccess)
        return std::nullopt;
    return NvmlDeviceMemory{static_cast<std::int64_t>(info.used), static_cast<std::int64_t>(info.total)};
}

} // namespace framesmith
