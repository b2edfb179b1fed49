#pragma once
// The sbatch script of a farm submission: one array task per job, written to be read by the
// studio's admin (docs/farm.md shows one). Every value that reaches the shell is single-quoted;
// a value that cannot be an #SBATCH line (a newline in it) is refused. Pure; any thread.
#include "cli/farm/FarmSubmission.h"

#include <string>

namespace framesmith::cli {

class SbatchScript {
public:
    // Throws InvalidRequestError naming the flag of a value that cannot go into the script.
    static std::string text(const FarmSubmission& submission);
    static void write(const FarmSubmission& submission); // to submission.scriptPath(), atomically
    static std::string shellQuoted(const std::string& value);
    // Whether the extra arguments already set a time limit (then the estimate's line is left out).
    static bool setsTimeLimit(const std::vector<std::string>& sbatchArgs);
};

} // namespace framesmith::cli
