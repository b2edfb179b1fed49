#include "cli/farm/SlurmClient.h"

#include "framesmith/Error.h"

#include <sstream>

namespace framesmith::cli {

namespace {

std::vector<std::string> split(const std::string& line, char separator)
{
    std::vector<std::string> fields;
    std::stringstream stream(line);
    std::string field;
    while (std::getline(stream, field, separator))
        fields.push_back(field);
    return fields;
}

std::string trimmed(const std::string& text)
{
    const auto begin = text.find_first_not_of(" \t\r\n");
    const auto end = text.find_last_not_of(" \t\r\n");
    return begin == std::string::npos ? std::string() : text.substr(begin, end - begin + 1);
}

// "123_4" -> 4 for array 123; a pending range ("123_[5-9]"), a step ("123_4.batch") or another
// job -> -1. (squeue -r lists every pending task by its own index.)
int taskIndexOf(const std::string& arrayId, const std::string& jobId)
{
    const std::string prefix = arrayId + "_";
    if (jobId.rfind(prefix, 0) != 0)
        return -1;
    const std::string index = jobId.substr(prefix.size());
    if (index.empty() || index.find_first_not_of("0123456789") != std::string::npos || index.size() > 9)
        return -1;
    return std::stoi(index);
}

constexpr std::size_t kExcerptChars = 1000;

} // namespace

SlurmClient::SlurmClient(Runner runner, CommandLimits limits) : m_limits(limits), m_runner(std::move(runner))
{
    if (!m_runner)
        m_runner = [limits = m_limits](const std::vector<std::string>& argv) { return CommandRunner::run(argv, limits); };
}

std::string SlurmClient::excerpt(const std::string& text)
{
    const std::string t = trimmed(text);
    if (t.size() <= kExcerptChars)
        return t;
    return t.substr(0, kExcerptChars) + "... (" + std::to_string(t.size() - kExcerptChars) + " more bytes)";
}

std::string SlurmClient::describe(const CommandResult& result) const
{
    if (const std::string ended = result.endedBecause(m_limits); !ended.empty())
        return ended;
    const std::string err = excerpt(result.err);
    if (!result.wasStarted)
        return err.empty() ? "it could not be started (is Slurm installed on this machine?)" : err;
    return err.empty() ? "exit code " + std::to_string(result.exitCode) : err;
}

std::string SlurmClient::parseSubmit(const std::string& sbatchOut)
{
    const std::string text = trimmed(sbatchOut);
    const std::string id = trimmed(text.substr(0, text.find(';')));
    if (id.empty() || id.find_first_not_of("0123456789") != std::string::npos)
        throw Error(ErrorCode::Unavailable, "sbatch printed '" + excerpt(sbatchOut) + "' instead of a job id");
    return id;
}

std::map<int, SlurmTaskState> SlurmClient::parseQueue(const std::string& arrayId, const std::string& squeueOut)
{
    std::map<int, SlurmTaskState> tasks;
    for (const std::string& line : split(squeueOut, '\n')) {
        const std::vector<std::string> f = split(trimmed(line), '|');
        if (f.size() < 2)
            continue;
        const int index = taskIndexOf(arrayId, f[0]);
        if (index < 0)
            continue;
        SlurmTaskState& task = tasks[index];
        task.state = f[1];
        task.reason = f.size() > 2 && f[2] != "None" ? f[2] : "";
        task.node = f.size() > 3 ? f[3] : "";
    }
    return tasks;
}

std::map<int, SlurmTaskState> SlurmClient::parseAccounting(const std::string& arrayId, const std::string& sacctOut)
{
    std::map<int, SlurmTaskState> tasks;
    for (const std::string& line : split(sacctOut, '\n')) {
        const std::vector<std::string> f = split(trimmed(line), '|');
        if (f.size() < 3)
            continue;
        const int index = taskIndexOf(arrayId, f[0]);
        if (index < 0)
            continue;
        SlurmTaskState& task = tasks[index];
        task.state = f[1].substr(0, f[1].find(' ')); // "CANCELLED by 0"
        const std::vector<std::string> code = split(f[2], ':');                 // "3:0": exit:signal
        task.exitCode = !code.empty() && !code[0].empty() && code[0].find_first_not_of("0123456789") == std::string::npos
                            ? std::stoi(code[0]) : -1;
        task.node = f.size() > 3 ? f[3] : "";
    }
    return tasks;
}

std::string SlurmClient::submit(const std::string& scriptPath) const
{
    const CommandResult result = m_runner({"sbatch", "--parsable", scriptPath});
    if (result.exitCode != 0)
        throw Error(ErrorCode::Unavailable, "sbatch refused " + scriptPath + ": " + describe(result));
    return parseSubmit(result.out);
}

std::map<int, SlurmTaskState> SlurmClient::queued(const std::string& arrayId) const
{
    const CommandResult result = m_runner({"squeue", "-h", "-r", "-j", arrayId, "-o", "%i|%T|%r|%N"});
    // squeue fails with "Invalid job id specified" once the whole array has left the queue.
    if (result.exitCode != 0 && (!result.endedBecause(m_limits).empty() || result.err.find("Invalid job id") == std::string::npos))
        throw Error(ErrorCode::Unavailable, "squeue -j " + arrayId + ": " + describe(result));
    return parseQueue(arrayId, result.out);
}

std::optional<std::map<int, SlurmTaskState>> SlurmClient::accounted(const std::string& arrayId) const
{
    const CommandResult result =
        m_runner({"sacct", "-n", "-P", "-X", "-j", arrayId, "-o", "JobID,State,ExitCode,NodeList"});
    if (!result.endedBecause(m_limits).empty()) // a hung or flooding sacct is a problem, not "no database"
        throw Error(ErrorCode::Unavailable, "sacct -j " + arrayId + ": " + describe(result));
    if (result.exitCode != 0)
        return std::nullopt; // "Slurm accounting storage is disabled", or no sacct at all
    std::map<int, SlurmTaskState> tasks = parseAccounting(arrayId, result.out);
    if (tasks.empty())
        return std::nullopt; // a database that never heard of the array: the other sources decide
    return tasks;
}

void SlurmClient::cancel(const std::string& arrayId) const
{
    const CommandResult result = m_runner({"scancel", arrayId});
    if (result.exitCode != 0)
        throw Error(ErrorCode::Unavailable, "scancel " + arrayId + ": " + describe(result));
}

} // namespace framesmith::cli
