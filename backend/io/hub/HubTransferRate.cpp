#include "io/hub/HubTransferRate.h"

namespace framesmith {

void HubTransferRate::add(double seconds, std::uint64_t bytes)
{
    m_samples.emplace_back(seconds, bytes);
    // Keep one sample older than the window so the rate always spans a full window.
    while (m_samples.size() > 2 && m_samples[1].first <= seconds - m_windowSeconds)
        m_samples.pop_front();
}

double HubTransferRate::bytesPerSecond() const
{
    if (m_samples.size() < 2)
        return 0;
    const double span = m_samples.back().first - m_samples.front().first;
    if (span < 0.5)
        return 0;
    return double(m_samples.back().second - m_samples.front().second) / span;
}

double HubTransferRate::secondsLeft(std::uint64_t bytesRemaining) const
{
    const double rate = bytesPerSecond();
    return rate > 0 ? double(bytesRemaining) / rate : -1;
}

} // namespace framesmith
