#pragma once
// A ProgressSink for the terminal: stage lines, a denoising progress bar with ETA and VAE chunk
// progress on stderr (one line per event when stderr is not a terminal, so logs stay readable).
#include "framesmith/GenerationEvents.h"

namespace framesmith::cli {

class TerminalProgress : public ProgressSink {
public:
    explicit TerminalProgress(bool isQuiet = false);
    void onStageStarted(const StageStarted& event) override;
    void onStageProgress(const StageProgress& event) override;
    void onStepFinished(const StepFinished& event) override;
    void onWarning(const Warning& warning) override;

private:
    void endLine();

    bool m_isQuiet;
    bool m_isTerminal;
    bool m_isLineOpen = false;
};

} // namespace framesmith::cli
