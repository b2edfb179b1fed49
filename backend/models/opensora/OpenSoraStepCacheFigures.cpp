#include "models/opensora/OpenSoraStepCacheFigures.h"

namespace framesmith {

std::vector<StepCacheFigure> OpenSoraStepCacheFigures::all()
{
    return {};
}

} // namespace framesmith
