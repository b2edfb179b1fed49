#pragma once
// Routes SIGINT/SIGTERM to a CancelToken (StopNow) for the lifetime of this object, so Ctrl-C stops
// a generation at the next step/block/tile boundary and the command exits with kExitCancelled.
// A second Ctrl-C exits at once, removing an unfinished export's temporary files first.
// SIGUSR1 asks for a pause (CancelMode::Pause): a generation saves a resumable checkpoint after the
// step under way and the command exits with kExitPaused; elsewhere it is ignored.
#include "framesmith/CancelToken.h"

namespace framesmith::cli {

class InterruptCancel {
public:
    explicit InterruptCancel(CancelToken& token);
    ~InterruptCancel();
    InterruptCancel(const InterruptCancel&) = delete;
    InterruptCancel& operator=(const InterruptCancel&) = delete;
};

} // namespace framesmith::cli
