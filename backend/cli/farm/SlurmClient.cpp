#include "cli/farm/SlurmClient.h"

#include "framesmith/Error.h"

#include <cstdlib>
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

// One of sacct's numbers: 1 to 3 digits, at most 255 (an exit status or a signal); -1 otherwise.
int byteValue(const std::string& text)
{
    if (text.empty() || text.size() > 3 || text.find_first_not_of("0123456789") != std::string::npos)
        return -1;
    const int value = std::atoi(text.c_str());
    return value <= 255 ? value : -1;
}

// sacct's ExitCode "3:0" (the script's exit status : the signal that ended it) -> 3; "" (not known
// yet) -> -1. Anything else is not output this version reads: an error naming the field and the job,
// not a guess (a wrong code would be read as "out of memory" or "failed").
int exitCodeOf(const std::string& field, const std::string& jobId)
{
    if (field.empty())
        return -1;
    const std::size_t colon = field.find(':');
    const int code = byteValue(field.substr(0, colon));
    if (colon == std::string::npos || code < 0 || byteValue(field.substr(colon + 1)) < 0)
        throw Error(ErrorCode::Unavailable,
                    "sacct: job " + jobId + ": ExitCode '" + SlurmClient::excerpt(field) +
                        "' is not Slurm's EXIT:SIGNAL (two numbers from 0 to 255); Framesmith reads the formats of "
                        "Slurm 22.05 and later (`sacct -n -P -X -j " + jobId.substr(0, jobId.find('_')) +
                        " -o JobID,State,ExitCode` shows what it printed)");
    return code;
}

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

std::string SlurmClient::describe(const CommandResult& result, const std::string& command) const
{
    if (result.wasCancelled) // Ctrl-C or SIGTERM ended the program's whole group: exit 4, not "Slurm failed"
        throw CancelledError(command + " (it was stopped, with its children)");
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
        task.exitCode = exitCodeOf(f[2], f[0]);
        task.node = f.size() > 3 ? f[3] : "";
    }
    return tasks;
}

std::string SlurmClient::submit(const std::string& scriptPath) const
{
    const CommandResult result = m_runner({"sbatch", "--parsable", scriptPath});
    if (result.exitCode != 0)
        throw Error(ErrorCode::Unavailable, "sbatch refused " + scriptPath + ": " + describe(result, "sbatch"));
    return parseSubmit(result.out);
}

std::map<int, SlurmTaskState> SlurmClient::queued(const std::string& arrayId) const
{
    const CommandResult result = m_runner({"squeue", "-h", "-r", "-j", arrayId, "-o", "%i|%T|%r|%N"});
    // squeue fails with "Invalid job id specified" once the whole array has left the queue.
    if (result.exitCode != 0 && (!result.endedBecause(m_limits).empty() || result.err.find("Invalid job id") == std::string::npos))
        throw Error(ErrorCode::Unavailable, "squeue -j " + arrayId + ": " + describe(result, "squeue"));
    return parseQueue(arrayId, result.out);
}

std::optional<std::map<int, SlurmTaskState>> SlurmClient::accounted(const std::string& arrayId) const
{
    const CommandResult result =
        m_runner({"sacct", "-n", "-P", "-X", "-j", arrayId, "-o", "JobID,State,ExitCode,NodeList"});
    if (!result.endedBecause(m_limits).empty()) // a hung or flooding sacct is a problem, not "no database"
        throw Error(ErrorCode::Unavailable, "sacct -j " + arrayId + ": " + describe(result, "sacct"));
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
        throw Error(ErrorCode::Unavailable, "scancel " + arrayId + ": " + describe(result, "scancel"));
}

} // namespace framesmith::cli
