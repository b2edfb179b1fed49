#include "cli/InterruptCancel.h"

#include "export/AtomicOutput.h"

#include <csignal>

namespace framesmith::cli {

namespace {

CancelToken* g_token = nullptr; // only touched by the constructor/destructor and the handler
volatile std::sig_atomic_t g_pendingPause = 0; // SIGUSR1 came before any InterruptCancel

// The second signal ends the process at once (a stage that does not answer the cancel), but
// first removes the temporaries of an export in progress: unlink is async-signal-safe.
extern "C" void onSecondInterrupt(int signal)
{
    AtomicOutput::removePendingFiles();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

extern "C" void onInterrupt(int signal)
{
    if (g_token)
        g_token->request(CancelMode::StopNow); // lock-free atomics: async-signal-safe
    std::signal(SIGINT, onSecondInterrupt);
    std::signal(SIGTERM, onSecondInterrupt);
}

extern "C" void onPauseSignal(int)
{
    if (g_token)
        g_token->request(CancelMode::Pause);
}

extern "C" void onEarlyPauseSignal(int)
{
    g_pendingPause = 1;
}

} // namespace

InterruptCancel::InterruptCancel(CancelToken& token)
{
    g_token = &token;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    std::signal(SIGUSR1, onPauseSignal);
    if (g_pendingPause) { // after installing: a signal in between reaches the token directly
        g_pendingPause = 0;
        token.request(CancelMode::Pause);
    }
}

InterruptCancel::~InterruptCancel()
{
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    std::signal(SIGUSR1, onEarlyPauseSignal); // never back to the default, which ends the process
    g_token = nullptr;
}

void InterruptCancel::installEarly()
{
    std::signal(SIGUSR1, onEarlyPauseSignal);
}

} // namespace framesmith::cli
