#include "models/cogvideox/sampling/CogVideoXScheduler.h"

#include "framesmith/Error.h"

namespace framesmith {

void CogVideoXScheduler::setTimesteps(const ScheduleRequest& request)
{
    m_timesteps = m_schedule.timesteps(request.stepCount);
    restart();
}

void CogVideoXScheduler::checkStep(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_timesteps.size()))
        throw Error(ErrorCode::Internal, name() + " scheduler: step " + std::to_string(index) + " of " +
                                             std::to_string(m_timesteps.size()) + " (setTimesteps first)");
}

void CogVideoXScheduler::checkStateKeys(const StepState& state, std::initializer_list<const char*> known) const
{
    for (const auto& [key, tensor] : state) {
        bool isKnown = false;
        for (const char* k : known)
            isKnown = isKnown || key == k;
        if (!isKnown)
            throw FileError(ErrorCode::BadFile, name() + " scheduler state",
                            "has \"" + key + "\", which this scheduler does not keep (saved by another scheduler?)");
    }
}

} // namespace framesmith
