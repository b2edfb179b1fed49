#include "pipeline/EngineRequestCheck.h"

#include "framesmith/Error.h"

namespace framesmith {

void EngineRequestCheck::require(const GenerationRequest& request, const ParameterSpec& spec)
{
    auto errors = validateRequest(request, spec);
    if (errors.empty())
        return;
    std::string more;
    for (std::size_t i = 1; i < errors.size(); ++i)
        more += "; " + errors[i].message;
    throw InvalidRequestError(errors.front().field, errors.front().message + more);
}

} // namespace framesmith
