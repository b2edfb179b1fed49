#pragma once
// Routes SIGINT/SIGTERM to a CancelToken (StopNow) for the lifetime of this object, so Ctrl-C stops
// a generation at the next step/block/tile boundary and the command exits with kExitCancelled.
// A second Ctrl-C exits at once, removing an unfinished export's temporary files first.
// SIGUSR1 asks for a pause (CancelMode::Pause): a generation saves a resumable checkpoint after the
// step under way and the command exits with kExitPaused; elsewhere it is ignored.
// installEarly() runs first in main(): SIGUSR1's default action ends the process, so a pause
// asked for while a command still reads its jobs would kill it; a pause that arrives before an
// InterruptCancel exists is kept and handed to the first one.
#include "framesmith/CancelToken.h"

namespace framesmith::cli {

class InterruptCancel {
public:
    explicit InterruptCancel(CancelToken& token);
    ~InterruptCancel();
    InterruptCancel(const InterruptCancel&) = delete;
    InterruptCancel& operator=(const InterruptCancel&) = delete;

    static void installEarly();
};

} // namespace framesmith::cli
