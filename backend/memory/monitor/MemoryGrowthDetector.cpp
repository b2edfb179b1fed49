#include "memory/monitor/MemoryGrowthDetector.h"

#include <algorithm>
#include <cstdio>

namespace framesmith {

MemoryGrowthDetector::MemoryGrowthDetector(int windowSteps, std::int64_t minimumBytesPerStep)
    : m_windowSteps(windowSteps < 3 ? 3 : windowSteps), m_minimumBytesPerStep(minimumBytesPerStep)
{
}

void MemoryGrowthDetector::reset()
{
    m_samples.clear();
    m_lastSlope = 0;
    m_warnedSlope = 0;
}

double MemoryGrowthDetector::slope() const
{
    const double n = static_cast<double>(m_samples.size());
    double sumX = 0, sumY = 0, sumXY = 0, sumXX = 0;
    for (const auto& [step, bytes] : m_samples) {
        const double x = step;
        const double y = static_cast<double>(bytes);
        sumX += x, sumY += y, sumXY += x * y, sumXX += x * x;
    }
    const double denominator = n * sumXX - sumX * sumX;
    return denominator == 0 ? 0 : (n * sumXY - sumX * sumY) / denominator;
}

std::optional<Warning> MemoryGrowthDetector::addSample(int step, std::int64_t allocatedBytes)
{
    m_samples.emplace_back(step, allocatedBytes);
    while (static_cast<int>(m_samples.size()) > m_windowSteps)
        m_samples.pop_front();
    if (static_cast<int>(m_samples.size()) < m_windowSteps)
        return std::nullopt;
    // Steady: nearly every step rises, and no single jump (a one-off workspace) carries the rise.
    int flatOrFalling = 0;
    std::int64_t largestRise = 0;
    for (std::size_t i = 1; i < m_samples.size(); ++i) {
        const std::int64_t delta = m_samples[i].second - m_samples[i - 1].second;
        flatOrFalling += delta <= 0;
        largestRise = std::max(largestRise, delta);
    }
    const std::int64_t totalRise = m_samples.back().second - m_samples.front().second;
    m_lastSlope = slope();
    if (flatOrFalling > 1 || totalRise <= 0 || largestRise * 2 > totalRise ||
        m_lastSlope < static_cast<double>(m_minimumBytesPerStep))
        return std::nullopt;
    if (m_warnedSlope > 0 && m_lastSlope < 2 * m_warnedSlope)
        return std::nullopt;
    m_warnedSlope = m_lastSlope;
    char message[256];
    std::snprintf(message, sizeof message,
                  "allocated memory rose steadily by %.1f MiB per step over steps %d-%d (now %.2f GiB); "
                  "something keeps tensors alive between steps",
                  m_lastSlope / (1 << 20), m_samples.front().first, m_samples.back().first,
                  static_cast<double>(allocatedBytes) / (1ll << 30));
    return Warning{WarningKind::MemoryGrowth, message};
}

} // namespace framesmith
