// `framesmith-cli families`: the model families this build runs, what folder each recognises and
// where its weights are published; every line comes from the family itself.
#include "cli/CliCommand.h"

#include "models/ModelRegistry.h"

#include <iostream>

namespace framesmith::cli {

namespace {

int runFamilies(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({});
    if (!args.positionals().empty())
        throw InvalidRequestError("families", "takes no arguments");
    for (const auto& family : ModelRegistry::families()) {
        const ModelFamilyInfo info = family->info();
        std::cout << info.name << "  " << info.displayName << "\n  folder: " << info.folderHint
                  << "\n  weights: " << info.weightsUrl << "\n  samplers:";
        for (const SchedulerEntry& entry : family->schedulers().entries())
            std::cout << " " << entry.name;
        std::cout << "\n";
        if (!info.conditioningSyntax.empty())
            std::cout << "  --reference/--mask-strategy: " << info.conditioningSyntax << "\n";
    }
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("families", "families",
                       "list the model families this build runs: the folders each recognises (give one to --model), "
                       "its samplers (--scheduler) and where its real weights are published",
                       runFamilies);

} // namespace framesmith::cli
