#pragma once
// Counts the VAE's units of work (frame batches of every tile of every batch item), checks the
// cancel token before each and reports after each. Lives on the thread that runs the VAE.
#include "framesmith/CancelToken.h"

#include <functional>
#include <string>

namespace framesmith {

class CogVideoXVaeProgress {
public:
    CogVideoXVaeProgress(const CancelToken* cancel, std::function<void(int, int)> report, int total, std::string stage)
        : m_cancel(cancel), m_report(std::move(report)), m_total(total), m_stage(std::move(stage)) {}

    // Throws CancelledError when a stop was requested ("finish the stage" lets the VAE finish).
    void beforeChunk() const;
    void afterChunk();
    int done() const { return m_done; }

private:
    const CancelToken* m_cancel;
    std::function<void(int, int)> m_report;
    int m_total;
    int m_done = 0;
    std::string m_stage;
};

} // namespace framesmith
