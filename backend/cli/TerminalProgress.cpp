#include "cli/TerminalProgress.h"

#include "core/TerminalText.h"

#include <cstdio>
#include <unistd.h>

namespace framesmith::cli {

TerminalProgress::TerminalProgress(bool isQuiet) : m_isQuiet(isQuiet), m_isTerminal(isatty(STDERR_FILENO) != 0) {}

void TerminalProgress::endLine()
{
    if (m_isLineOpen)
        std::fputc('\n', stderr);
    m_isLineOpen = false;
}

void TerminalProgress::onStageStarted(const StageStarted& event)
{
    if (m_isQuiet)
        return;
    endLine();
    std::fprintf(stderr, "[%s] %s\n", stageName(event.stage),
                 TerminalText::escaped(event.detail).c_str()); // names files and folders
}

void TerminalProgress::onStepFinished(const StepFinished& e)
{
    if (m_isQuiet)
        return;
    constexpr int kWidth = 30;
    const int filled = e.stepCount > 0 ? kWidth * e.step / e.stepCount : 0;
    char bar[kWidth + 1];
    for (int i = 0; i < kWidth; ++i)
        bar[i] = i < filled ? '#' : '-';
    bar[kWidth] = '\0';
    std::fprintf(stderr, "%sdenoise [%s] %d/%d  t=%-4d %.2f s/step  ETA %.1f s%s", m_isTerminal ? "\r" : "", bar,
                 e.step, e.stepCount, e.timestep, e.seconds, e.etaSeconds, m_isTerminal ? "  " : "\n");
    m_isLineOpen = m_isTerminal;
    if (e.step == e.stepCount)
        endLine();
    std::fflush(stderr);
}

void TerminalProgress::onStageProgress(const StageProgress& e)
{
    if (m_isQuiet)
        return;
    std::fprintf(stderr, "%s%s %d/%d%s", m_isTerminal ? "\r" : "", stageName(e.stage), e.done, e.total,
                 m_isTerminal ? "  " : "\n");
    m_isLineOpen = m_isTerminal;
    if (e.done == e.total)
        endLine();
    std::fflush(stderr);
}

void TerminalProgress::onWarning(const Warning& warning)
{
    endLine();
    std::fprintf(stderr, "warning: %s\n", TerminalText::escaped(warning.message).c_str());
}

} // namespace framesmith::cli
