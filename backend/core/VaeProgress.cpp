#include "core/VaeProgress.h"

#include "framesmith/Error.h"

namespace framesmith {

VaeProgress::VaeProgress(const CancelToken* cancel, std::function<void(int, int)> report, int total,
                                         std::string stage)
    : m_cancel(cancel), m_report(std::move(report)), m_total(total), m_stage(std::move(stage))
{
}

void VaeProgress::beforeUnit() const
{
    // "Finish the stage" lets the VAE finish; only a stop interrupts it.
    if (m_cancel && m_cancel->isStopRequested())
        throw CancelledError(m_stage + " (after " + std::to_string(m_done) + " of " + std::to_string(m_total)
                             + " chunks)");
}

void VaeProgress::afterUnit()
{
    ++m_done;
    if (m_report)
        m_report(m_done, m_total);
}

} // namespace framesmith
