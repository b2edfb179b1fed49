#include "memory/monitor/SimulatedDeviceUseSource.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceNames.h"

namespace framesmith {
namespace {

std::int64_t parseNumber(const std::string& text, const std::string& spec, const char* what)
{
    try {
        std::size_t used = 0;
        const long long value = std::stoll(text, &used);
        if (used == text.size() && value >= 0)
            return value;
    } catch (const std::exception&) {
    }
    throw InvalidRequestError(SimulatedDeviceUseSource::kVariable,
                              "'" + spec + "': " + what + " '" + text + "' is not a non-negative integer");
}

SimulatedDeviceUseSource::Taking parseTaking(const std::string& item, const std::string& spec)
{
    SimulatedDeviceUseSource::Taking taking;
    std::string rest = item;
    if (const auto at = rest.find('@'); at != std::string::npos) {
        taking.device = rest.substr(at + 1);
        rest = rest.substr(0, at);
        if (cudaIndexOf(taking.device) < 0)
            throw InvalidRequestError(SimulatedDeviceUseSource::kVariable,
                                      "'" + spec + "': '" + taking.device + "' is not a GPU (cuda:N)");
    }
    const auto colon = rest.find(':');
    if (colon == std::string::npos)
        throw InvalidRequestError(SimulatedDeviceUseSource::kVariable,
                                  "'" + spec + "': expected <step>:<MiB>[@<device>], e.g. 3:6144");
    taking.step = static_cast<int>(parseNumber(rest.substr(0, colon), spec, "step"));
    taking.bytes = parseNumber(rest.substr(colon + 1), spec, "MiB") << 20;
    if (taking.step == 0)
        throw InvalidRequestError(SimulatedDeviceUseSource::kVariable, "'" + spec + "': steps count from 1");
    return taking;
}

} // namespace

SimulatedDeviceUseSource SimulatedDeviceUseSource::parse(const std::string& spec)
{
    std::vector<Taking> takings;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = spec.find(',', start);
        takings.push_back(parseTaking(spec.substr(start, comma - start), spec));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return SimulatedDeviceUseSource(std::move(takings));
}

std::optional<DeviceUse> SimulatedDeviceUseSource::read(const std::string& device)
{
    DeviceUse use;
    for (const Taking& t : m_takings) // the latest taking that has begun holds
        if (t.device == device && t.step <= m_step)
            use.usedBytes = t.bytes;
    return use;
}

} // namespace framesmith
