#include "models/cogvideox/CogVideoXVaeProgress.h"

#include "framesmith/Error.h"

namespace framesmith {

void CogVideoXVaeProgress::beforeChunk() const
{
    if (m_cancel && m_cancel->isStopRequested())
        throw CancelledError(m_stage + " (after " + std::to_string(m_done) + " of " + std::to_string(m_total)
                             + " chunks)");
}

void CogVideoXVaeProgress::afterChunk()
{
    ++m_done;
    if (m_report)
        m_report(m_done, m_total);
}

} // namespace framesmith
