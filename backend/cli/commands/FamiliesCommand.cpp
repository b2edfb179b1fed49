// `framesmith-cli families`: the model families this build runs, what folder each recognises and
// where its weights are published; every line comes from the family itself.
#include "cli/CliCommand.h"

#include "models/ModelRegistry.h"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

namespace framesmith::cli {

namespace {

// bench_step_cache's measurements shipped with the family: what --cache costs, never a promise.
void printStepCacheFigures(const ModelFamilyInfo& info)
{
    for (const StepCacheFigure& f : info.stepCacheFigures) {
        std::ostringstream line;
        line << std::fixed << std::setprecision(2) << "  --cache " << f.setting << ": " << f.speedup << "x faster, ";
        if (std::isfinite(f.videoPsnrDb)) // nothing skipped on the measured model: the uncached video
            line << "video " << std::setprecision(1) << f.videoPsnrDb << " dB PSNR, ";
        else
            line << "identical video, ";
        line << "latents " << std::setprecision(4) << f.latentRelativeL2 << " relative L2 (" << f.measuredOn << ")";
        std::cout << line.str() << "\n";
    }
}

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
        const std::vector<std::string> variants = family->demoVariants();
        if (!variants.empty()) {
            std::cout << "  make-demo-model --variant:";
            for (const std::string& variant : variants)
                std::cout << " " << variant;
            std::cout << "\n";
        }
        if (!info.conditioningSyntax.empty())
            std::cout << "  --reference/--mask-strategy: " << info.conditioningSyntax << "\n";
        printStepCacheFigures(info);
    }
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("families", "families",
                       "list the model families this build runs: the folders each recognises (give one to --model), "
                       "its samplers (--scheduler) and where its real weights are published",
                       runFamilies);

} // namespace framesmith::cli
