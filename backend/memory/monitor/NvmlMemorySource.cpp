#include "memory/monitor/NvmlMemorySource.h"

#include <cstdlib>

namespace framesmith {

NvmlMemorySource::NvmlMemorySource(const std::string& libraryName) : m_library(libraryName)
{
    if (!m_library.isAvailable()) {
        m_limitations.push_back(m_library.problem());
        return;
    }
    const int count = m_library.deviceCount();
    if (count == 0)
        m_limitations.push_back("NVML reports no NVIDIA GPU: GPU memory lines unavailable");
    for (int i = 0; i < count; ++i) {
        const auto memory = m_library.memory(i);
        const std::string name = m_library.deviceName(i);
        std::string label = "GPU " + std::to_string(i) + (name.empty() ? "" : " \u2013 " + name);
        m_series.push_back({"cuda:" + std::to_string(i), label, memory ? memory->totalBytes : 0});
        if (!memory)
            m_limitations.push_back("NVML cannot read the memory of GPU " + std::to_string(i) +
                                    " (permission?): its line stays empty");
    }
    // NVML numbers GPUs in PCI bus order and ignores CUDA_VISIBLE_DEVICES; torch does not.
    if (count > 0 && std::getenv("CUDA_VISIBLE_DEVICES"))
        m_limitations.push_back("CUDA_VISIBLE_DEVICES is set: NVML GPU numbers may differ from torch's cuda:N");
}

void NvmlMemorySource::read(std::vector<std::int64_t>& usedBytes)
{
    for (std::size_t i = 0; i < m_series.size(); ++i) {
        const auto memory = m_library.memory(static_cast<int>(i));
        usedBytes.push_back(memory ? memory->usedBytes : MemorySample::kUnknown);
    }
}

} // namespace framesmith
