#include "cli/farm/SbatchScript.h"

#include "cli/farm/FarmTimeLimit.h"
#include "export/AtomicOutput.h"
#include "framesmith/Error.h"

#include <sstream>

namespace framesmith::cli {

namespace {

void requireOneLine(const std::string& value, const std::string& flag)
{
    if (value.find_first_of("\n\r") != std::string::npos)
        throw InvalidRequestError(flag, "'" + value + "' holds a line break: it cannot be an #SBATCH line");
}

void writeHeader(std::ostringstream& s, const FarmSubmission& sub)
{
    s << "#!/bin/bash\n"
      << "# Framesmith render farm: " << sub.tasks.size() << " job(s), one array task each.\n"
      << "# Written by `framesmith-cli farm submit` on " << sub.createdAt << "; the jobs, their\n"
      << "# states and logs are in " << sub.folder << ".\n"
      << "# Task N runs job N of submission.json and writes its clip and sidecar (atomically) into\n"
      << "# " << sub.settings.outFolder << ".\n";
    if (!SbatchScript::setsTimeLimit(sub.settings.sbatchArgs))
        s << "# --time: the longest job's estimate (FarmTimeLimit, docs/farm.md) x" << FarmTimeLimit::kSafetyFactor
          << ", at least " << FarmTimeLimit::kMinimumMinutes << " minutes.\n";
}

void writeDirectives(std::ostringstream& s, const FarmSubmission& sub)
{
    s << "#SBATCH --job-name=framesmith\n"
      << "#SBATCH --array=0-" << (sub.tasks.size() - 1) << "\n"
      << "#SBATCH --partition=" << sub.settings.partition << "\n";
    if (sub.settings.gpusPerJob > 0)
        s << "#SBATCH --gres=gpu:" << sub.settings.gpusPerJob << "\n";
    if (!SbatchScript::setsTimeLimit(sub.settings.sbatchArgs))
        s << "#SBATCH --time=" << FarmTimeLimit::slurmTime(sub.timeLimitMinutes) << "\n";
    s << "#SBATCH --output=" << sub.logPattern() << "\n";
    // Slurm's SIGTERM reaches framesmith-cli, which stops at the next step and writes its state.
    s << "#SBATCH --signal=B:TERM@60\n";
    for (const std::string& arg : sub.settings.sbatchArgs)
        s << "#SBATCH " << arg << "\n";
}

} // namespace

std::string SbatchScript::shellQuoted(const std::string& value)
{
    std::string quoted = "'";
    for (char c : value)
        quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

bool SbatchScript::setsTimeLimit(const std::vector<std::string>& sbatchArgs)
{
    for (const std::string& arg : sbatchArgs)
        if (arg.rfind("--time", 0) == 0 || arg.rfind("-t", 0) == 0)
            return true;
    return false;
}

std::string SbatchScript::text(const FarmSubmission& sub)
{
    if (sub.tasks.empty())
        throw InvalidRequestError("JOBS", "a farm submission needs at least one job");
    requireOneLine(sub.settings.partition, "--partition");
    if (sub.settings.partition.empty() || sub.settings.partition.find_first_of(" \t#") != std::string::npos)
        throw InvalidRequestError("--partition", "'" + sub.settings.partition + "' is not a partition name");
    for (const std::string& arg : sub.settings.sbatchArgs) {
        requireOneLine(arg, "--sbatch-arg");
        if (arg.rfind('-', 0) != 0)
            throw InvalidRequestError("--sbatch-arg", "'" + arg + "' is not an sbatch option (e.g. --sbatch-arg=--qos=high)");
    }
    // #SBATCH lines are not shell: a path with blanks would be cut at the first one.
    if (sub.folder.find_first_of(" \t\n\r") != std::string::npos)
        throw InvalidRequestError("--out", "'" + sub.settings.outFolder +
                                               "' holds a blank: Slurm's #SBATCH --output cannot name it; use a path without spaces");
    // A backslash in --output makes Slurm expand none of its patterns: every task would share one log.
    if (sub.folder.find('\\') != std::string::npos)
        throw InvalidRequestError("--out", "'" + sub.settings.outFolder +
                                               "' holds a backslash: Slurm's #SBATCH --output would not expand %A_%a in it; "
                                               "use a path without one");
    std::ostringstream s;
    writeHeader(s, sub);
    writeDirectives(s, sub);
    s << "\nset -euo pipefail\n"
      << "# Exit codes: 0 ok, 1 failed, 2 bad job, 3 out of memory, 4 stopped by Slurm (scancel, time limit),\n"
      << "# 5 paused (SIGUSR1: the latents stay in latents/<task>.safetensors for `framesmith-cli resume`).\n"
      << "exec " << shellQuoted(sub.cliPath) << " farm run-task " << shellQuoted(sub.folder) << "\n";
    return s.str();
}

void SbatchScript::write(const FarmSubmission& submission)
{
    AtomicOutput out(submission.scriptPath(), AtomicOutput::Kind::File);
    out.writeText(text(submission));
    out.commit();
}

} // namespace framesmith::cli
