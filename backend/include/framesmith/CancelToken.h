#pragma once
// Cancellation shared between the GUI thread (which requests) and the worker (which checks).
// An atomic, not a queued slot: a busy worker never processes queued slots.
#include <atomic>

namespace framesmith {

enum class CancelMode { None, FinishStage, StopNow };

class CancelToken {
public:
    // Any thread. A stronger mode is never downgraded (StopNow wins over FinishStage).
    void request(CancelMode mode)
    {
        int wanted = static_cast<int>(mode);
        int current = m_mode.load();
        while (current < wanted && !m_mode.compare_exchange_weak(current, wanted)) {}
    }
    void reset() { m_mode.store(static_cast<int>(CancelMode::None)); }
    CancelMode mode() const { return static_cast<CancelMode>(m_mode.load()); }
    bool isStopRequested() const { return mode() == CancelMode::StopNow; }
    bool isFinishStageRequested() const { return mode() != CancelMode::None; }

private:
    std::atomic<int> m_mode{static_cast<int>(CancelMode::None)};
};

} // namespace framesmith
