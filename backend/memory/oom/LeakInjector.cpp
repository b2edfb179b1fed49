#include "memory/oom/LeakInjector.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>

#include <cstdlib>

namespace framesmith {

LeakInjector LeakInjector::parse(const std::string& spec)
{
    const std::size_t colon = spec.find(':');
    const std::string amount = spec.substr(0, colon);
    const std::string mode = colon == std::string::npos ? std::string() : spec.substr(colon + 1);
    LeakInjector injector;
    try {
        std::size_t used = 0;
        const long long mib = std::stoll(amount, &used);
        if (used != amount.size() || mib < 1 || mib > 65536)
            throw std::invalid_argument(amount);
        injector.m_bytesPerStep = mib << 20;
    } catch (const std::exception&) {
        throw InvalidRequestError(kVariable, "'" + spec + "': expected <MiB per step, 1-65536>[:cache]");
    }
    if (!mode.empty() && mode != "cache")
        throw InvalidRequestError(kVariable, "'" + spec + "': the mode after ':' can only be \"cache\"");
    injector.m_isCacheLike = mode == "cache";
    return injector;
}

LeakInjector LeakInjector::fromEnvironment()
{
    const char* spec = std::getenv(kVariable);
    return spec && *spec ? parse(spec) : LeakInjector();
}

std::int64_t LeakInjector::heldBytes() const
{
    std::int64_t bytes = 0;
    for (const at::Tensor& t : m_held)
        bytes += static_cast<std::int64_t>(t.nbytes());
    return bytes;
}

void LeakInjector::afterStep(const std::string& device)
{
    if (isActive())
        m_held.push_back(at::empty({m_bytesPerStep}, at::TensorOptions().dtype(at::kByte).device(device)));
}

void LeakInjector::releaseCache()
{
    if (m_isCacheLike)
        m_held.clear();
}

} // namespace framesmith
