#pragma once
// Cancellation shared between the GUI thread (which requests) and the worker (which checks).
// An atomic, not a queued slot: a busy worker never processes queued slots.
#include <algorithm>
#include <atomic>

namespace framesmith {

// Pause: finish the denoising step under way, save what continues the run (a paused latents
// checkpoint) and free the models; Engine::resume continues it. Outside denoising it is ignored.
enum class CancelMode { None, FinishStage, Pause, StopNow };

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
    CancelMode mode() const
    {
        const CancelToken* upstream = m_upstream.load();
        const int own = m_mode.load();
        return static_cast<CancelMode>(upstream ? std::max(own, static_cast<int>(upstream->mode())) : own);
    }
    // This token also reports what `upstream` requests (nullptr: stop following). A warm engine's
    // models keep one token for their lifetime and follow each run's token in turn. The caller
    // keeps `upstream` alive until it stops following; set from the thread that checks.
    void follow(const CancelToken* upstream) { m_upstream.store(upstream); }
    bool isStopRequested() const { return mode() == CancelMode::StopNow; }
    bool isFinishStageRequested() const { return mode() != CancelMode::None; }
    bool isPauseRequested() const { return mode() == CancelMode::Pause; }

private:
    std::atomic<int> m_mode{static_cast<int>(CancelMode::None)};
    std::atomic<const CancelToken*> m_upstream{nullptr};
};

} // namespace framesmith
