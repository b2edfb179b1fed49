#include "memory/monitor/DeviceUseSource.h"

#include "memory/monitor/SimulatedDeviceUseSource.h"
#include "memory/monitor/SystemDeviceUseSource.h"

#include <cstdlib>

namespace framesmith {

std::unique_ptr<DeviceUseSource> DeviceUseSource::fromEnvironment()
{
    const char* spec = std::getenv(SimulatedDeviceUseSource::kVariable);
    if (spec && *spec)
        return std::make_unique<SimulatedDeviceUseSource>(SimulatedDeviceUseSource::parse(spec));
    return std::make_unique<SystemDeviceUseSource>();
}

} // namespace framesmith
