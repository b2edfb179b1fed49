// framesmith-cli make-demo-model: a small random-weight CogVideoX model to try everything quickly.
#include "cli/CliCommand.h"

#include "framesmith/Error.h"
#include "pipeline/DemoModelWriter.h"

#include <iostream>

namespace framesmith::cli {

namespace {

int runMakeDemoModel(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({"--tokenizer", "--seed"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("DIR", "give the folder to create");
    const std::string dir = args.positionals().front();
    const std::string tokenizer = args.value("--tokenizer").value_or(DemoModelWriter::findTokenizerDir());
    const int seed = args.intValue("--seed", static_cast<int>(DemoModelWriter::kDefaultSeed));
    DemoModelWriter::write(dir, tokenizer, static_cast<std::uint64_t>(seed));
    std::cout << "wrote demo model " << dir << " (random weights: the output is noise; real clips need real "
              << "weights, e.g. huggingface.co/THUDM/CogVideoX-2b)\n";
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("make-demo-model", "make-demo-model DIR [--tokenizer DIR] [--seed N]",
                       "write a small random-weight CogVideoX model (output is noise) for trying the app in seconds",
                       runMakeDemoModel);

} // namespace framesmith::cli
