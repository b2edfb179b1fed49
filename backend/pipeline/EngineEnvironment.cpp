#include "framesmith/Engine.h"

#include "core/BlasProbe.h"

namespace framesmith {

std::vector<Warning> Engine::environmentWarnings()
{
    std::vector<Warning> warnings;
    std::string blas = BlasProbe::advice(BlasProbe::detect());
    if (!blas.empty())
        warnings.push_back({WarningKind::SlowBlas, blas});
    return warnings;
}

} // namespace framesmith
