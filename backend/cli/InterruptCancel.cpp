#include "cli/InterruptCancel.h"

#include <csignal>

namespace framesmith::cli {

namespace {

CancelToken* g_token = nullptr; // only touched by the constructor/destructor and the handler

extern "C" void onInterrupt(int signal)
{
    if (g_token)
        g_token->request(CancelMode::StopNow); // lock-free atomics: async-signal-safe
    std::signal(signal, SIG_DFL);
}

} // namespace

InterruptCancel::InterruptCancel(CancelToken& token)
{
    g_token = &token;
    std::signal(SIGINT, onInterrupt);
    std::signal(SIGTERM, onInterrupt);
}

InterruptCancel::~InterruptCancel()
{
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    g_token = nullptr;
}

} // namespace framesmith::cli
