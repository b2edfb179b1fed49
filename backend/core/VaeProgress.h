#pragma once
// Counts a VAE call's units of work (frame batches of every tile, temporal chunks, 2-D
// micro-batches: each family says what a unit is), checks the cancel token before each and
// reports after each. Lives on the thread that runs the VAE.
#include "framesmith/CancelToken.h"

#include <functional>
#include <string>

namespace framesmith {

class VaeProgress {
public:
    VaeProgress(const CancelToken* cancel, std::function<void(int, int)> report, int total, std::string stage);

    void beforeUnit() const; // throws CancelledError when a stop was requested
    void afterUnit();
    int done() const { return m_done; }
    int total() const { return m_total; }

private:
    const CancelToken* m_cancel;
    std::function<void(int, int)> m_report;
    int m_total;
    int m_done = 0;
    std::string m_stage;
};

} // namespace framesmith
