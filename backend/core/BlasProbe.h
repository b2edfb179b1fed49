#pragma once
// Which BLAS this process really uses. Debian's libtorch sends fp32 matmuls to the system
// libblas.so.3, and its default, the netlib reference library, is ~50x slower than OpenBLAS.
#include <string>

namespace framesmith {

enum class BlasKind { Unknown, Reference, OpenBlas, Other };

struct BlasInfo {
    BlasKind kind = BlasKind::Unknown;
    std::string path; // the mapped library file, empty when none is mapped (e.g. MKL linked statically)
};

class BlasProbe {
public:
    static BlasInfo detect();                                      // reads /proc/self/maps
    static BlasInfo classify(const std::string& mappedPath);       // pure, for tests
    static std::string advice(const BlasInfo& info);               // empty when nothing to say
};

} // namespace framesmith
