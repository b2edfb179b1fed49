#include "cli/batch/BatchReport.h"

#include <algorithm>
#include <ostream>

namespace framesmith::cli {

namespace {

// A table row stays one line: the first line of a long reason is what a user scans for.
std::string oneLine(const std::string& text)
{
    std::string line = text.substr(0, text.find('\n'));
    return line;
}

std::string padded(const std::string& text, std::size_t width)
{
    return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
}

} // namespace

BatchReport::BatchReport(std::ostream& out, int jobCount) : m_out(out), m_jobCount(jobCount) {}

const char* BatchReport::outcomeName(Outcome outcome)
{
    switch (outcome) {
    case Outcome::Ok: return "ok";
    case Outcome::Failed: return "failed";
    case Outcome::Skipped: return "skipped";
    case Outcome::NotRun: return "not run";
    case Outcome::Paused: return "paused";
    case Outcome::Invalid: break;
    }
    return "?";
}

void BatchReport::record(const std::string& jobName, Outcome outcome, const std::string& detail)
{
    m_rows.push_back({jobName, outcome, oneLine(detail)});
    m_out << "[" << m_rows.size() << "/" << m_jobCount << "] " << padded(outcomeName(outcome), 8) << jobName
          << (detail.empty() ? "" : "  " + m_rows.back().detail) << std::endl;
}

int BatchReport::count(Outcome outcome) const
{
    return static_cast<int>(
        std::count_if(m_rows.begin(), m_rows.end(), [outcome](const Row& row) { return row.outcome == outcome; }));
}

void BatchReport::printSummary() const
{
    std::size_t width = 3;
    for (const Row& row : m_rows)
        width = std::max(width, row.job.size());
    m_out << "\n" << padded("job", width + 2) << padded("result", 9) << "detail\n";
    for (const Row& row : m_rows)
        m_out << padded(row.job, width + 2) << padded(outcomeName(row.outcome), 9) << row.detail << "\n";
    m_out << "\n" << m_rows.size() << " jobs: " << count(Outcome::Ok) << " ok, " << count(Outcome::Failed)
          << " failed, " << count(Outcome::Skipped) << " skipped (already done)";
    if (const int paused = count(Outcome::Paused))
        m_out << ", " << paused << " paused (framesmith-cli resume CHECKPOINT continues each)";
    if (const int notRun = count(Outcome::NotRun))
        m_out << ", " << notRun << " not run (cancelled)";
    m_out << std::endl;
}

} // namespace framesmith::cli
