#include "core/BlasProbe.h"

#include <fstream>
#include <sstream>

namespace framesmith {

BlasInfo BlasProbe::classify(const std::string& mappedPath)
{
    BlasInfo info;
    info.path = mappedPath;
    if (mappedPath.empty())
        return info;
    if (mappedPath.find("openblas") != std::string::npos)
        info.kind = BlasKind::OpenBlas;
    // Debian installs the netlib reference implementation as .../blas/libblas.so.3.
    else if (mappedPath.find("/blas/libblas.so") != std::string::npos)
        info.kind = BlasKind::Reference;
    else
        info.kind = BlasKind::Other; // BLIS, ATLAS, MKL: all optimised
    return info;
}

BlasInfo BlasProbe::detect()
{
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        auto slash = line.find('/');
        if (slash == std::string::npos)
            continue;
        std::string path = line.substr(slash);
        if (path.find("libblas.so") != std::string::npos || path.find("libopenblas") != std::string::npos)
            return classify(path);
    }
    return BlasInfo{};
}

std::string BlasProbe::advice(const BlasInfo& info)
{
    if (info.kind != BlasKind::Reference)
        return {};
    std::ostringstream s;
    s << "CPU matrix products go through the slow reference BLAS (" << info.path
      << "), about 50 times slower than OpenBLAS. Install it: sudo apt install libopenblas0-pthread";
    return s.str();
}

} // namespace framesmith
