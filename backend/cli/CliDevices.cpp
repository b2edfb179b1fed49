#include "cli/CliDevices.h"

#include "framesmith/Error.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace framesmith::cli {

std::vector<DeviceInfo> CliDevices::fromFlags(const CliArgs& args)
{
    std::vector<DeviceInfo> devices;
    const auto sizes = args.values(kFlag);
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        char* end = nullptr;
        errno = 0;
        const double gib = std::strtod(sizes[i].c_str(), &end);
        if (sizes[i].empty() || *end != '\0' || errno == ERANGE || !std::isfinite(gib))
            throw InvalidRequestError(kFlag, "'" + sizes[i] + "' is not a number of GiB");
        if (gib <= 0 || gib > 4096)
            throw InvalidRequestError(kFlag, "'" + sizes[i] + "' must be between 0 and 4096 GiB");
        DeviceInfo d;
        d.index = static_cast<int>(i);
        d.name = "planned " + sizes[i] + " GiB GPU";
        d.totalBytes = d.freeBytes = static_cast<std::int64_t>(gib * (1ll << 30));
        devices.push_back(d);
    }
    return devices;
}

} // namespace framesmith::cli
