#include "cli/InterruptCancel.h"

#include "export/AtomicOutput.h"

#include <csignal>

namespace framesmith::cli {

namespace {

CancelToken* g_token = nullptr; // only touched by the constructor/destructor and the handler

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

} // namespace

InterruptCancel::InterruptCancel(CancelToken& token)
{
    g_token = &token;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
    std::signal(SIGUSR1, onPauseSignal);
}

InterruptCancel::~InterruptCancel()
{
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    std::signal(SIGUSR1, SIG_DFL);
    g_token = nullptr;
}

} // namespace framesmith::cli
