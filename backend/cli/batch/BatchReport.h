#pragma once
// What `framesmith-cli batch` tells the user: one line per job as it ends, then a table of every
// job (ok / failed with the reason / skipped because already done / paused with its checkpoint)
// and the counts.
#include <iosfwd>
#include <string>
#include <vector>

namespace framesmith::cli {

class BatchReport {
public:
    enum class Outcome { Invalid, Ok, Failed, Skipped, NotRun, Paused };

    BatchReport(std::ostream& out, int jobCount);
    // Prints "[i/N] ok      name  detail" at once and keeps the row for the summary.
    void record(const std::string& jobName, Outcome outcome, const std::string& detail);
    void printSummary() const;
    int count(Outcome outcome) const;
    bool hasFailures() const { return count(Outcome::Failed) > 0; }

    static const char* outcomeName(Outcome outcome);

private:
    struct Row {
        std::string job;
        Outcome outcome = Outcome::Invalid;
        std::string detail;
    };

    std::ostream& m_out;
    int m_jobCount;
    std::vector<Row> m_rows;
};

} // namespace framesmith::cli
