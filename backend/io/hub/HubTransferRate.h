#pragma once
// Download speed over the last few seconds and the time left at that speed, from (time, bytes)
// samples the caller feeds in: no clock of its own, so it is tested without waiting. One thread.
#include <cstdint>
#include <deque>
#include <utility>

namespace framesmith {

class HubTransferRate {
public:
    explicit HubTransferRate(double windowSeconds = 5.0) : m_windowSeconds(windowSeconds) {}
    // `bytes` is a running total fetched so far (never decreasing within a download).
    void add(double seconds, std::uint64_t bytes);
    double bytesPerSecond() const;                            // 0 until two samples 0.5 s apart
    double secondsLeft(std::uint64_t bytesRemaining) const;   // -1 while the rate is unknown

private:
    double m_windowSeconds;
    std::deque<std::pair<double, std::uint64_t>> m_samples;
};

} // namespace framesmith
