// framesmith-cli: the engine without Qt, for scripting, benchmarks and GPU machines.
#include "cli/CliCommand.h"
#include "cli/InterruptCancel.h"

#include "core/ComputeThreads.h"
#include "core/TerminalText.h"
#include "framesmith/Error.h"
#include "framesmith/ModelInfo.h"
#include "framesmith/OpenBlasKernel.h"

#include <exception>
#include <iostream>

namespace framesmith::cli {

std::map<std::string, CliCommand>& cliCommands()
{
    static std::map<std::string, CliCommand> commands;
    return commands;
}

bool registerCliCommand(CliCommand command)
{
    cliCommands()[command.name] = std::move(command);
    return true;
}

static int printHelp(std::ostream& out)
{
    out << "usage: framesmith-cli COMMAND [ARGS]\n\ncommands:\n";
    for (const auto& [name, command] : cliCommands())
        out << "  " << command.usage << "\n      " << command.summary << "\n";
    out << "\nmodel families (DIR / --model is a folder one of them recognises):\n";
    for (const ModelFamilyInfo& family : modelFamilies())
        out << "  " << family.name << " (" << family.displayName << "): " << family.folderHint << "\n";
    out << "\nexit codes: 0 ok, 1 failure, 2 bad input, 3 out of memory, 4 cancelled, 5 paused\n";
    return kExitOk;
}

static int printCommandHelp(const CliCommand& command, std::ostream& out)
{
    out << "usage: framesmith-cli " << command.usage << "\n\n" << command.summary << "\n";
    out << "\nexit codes: 0 ok, 1 failure, 2 bad input, 3 out of memory, 4 cancelled, 5 paused\n";
    return kExitOk;
}

static int exitCodeFor(ErrorCode code)
{
    switch (code) {
    case ErrorCode::OutOfMemory: return kExitOutOfMemory;
    case ErrorCode::Cancelled: return kExitCancelled;
    case ErrorCode::Internal:
    case ErrorCode::Invalid: return kExitFailure;
    default: return kExitBadInput;
    }
}

} // namespace framesmith::cli

int main(int argc, char** argv)
{
    using namespace framesmith::cli;
    InterruptCancel::installEarly(); // before anything that takes time
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
    // File and folder names, prompts and Slurm's messages reach these streams: no raw control characters.
    framesmith::TerminalText::guard(std::cout);
    framesmith::TerminalText::guard(std::cerr);
    if (argc < 2) { // no command: a mistake, not a request for help
        printHelp(std::cerr);
        return kExitBadInput;
    }
    if (std::string(argv[1]) == "help" || std::string(argv[1]) == "--help")
        return printHelp(std::cout);
    auto it = cliCommands().find(argv[1]);
    if (it == cliCommands().end()) {
        std::cerr << "framesmith-cli: unknown command '" << argv[1] << "'\n";
        printHelp(std::cerr);
        return kExitBadInput;
    }
    for (int i = 2; i < argc; ++i)
        if (std::string(argv[i]) == "--help" || std::string(argv[i]) == "-h")
            return printCommandHelp(it->second, std::cout);
    try {
        framesmith::ComputeThreads::apply();
        // Each command parses its own flags: only it knows which take no value.
        return it->second.run(std::vector<std::string>(argv + 2, argv + argc));
    } catch (const framesmith::Error& e) {
        std::cerr << "framesmith-cli " << argv[1] << ": error: " << e.what() << "\n";
        // Whatever failed after denoising, the user learns where the finished work is.
        const std::string& kept = e.latentsCheckpointPath();
        if (!kept.empty() && std::string(e.what()).find(kept) == std::string::npos)
            std::cerr << "framesmith-cli " << argv[1] << ": the latents are kept in " << kept
                      << " (framesmith-cli decode " << kept << " --out FILE)\n";
        return exitCodeFor(e.code());
    } catch (const std::exception& e) {
        std::cerr << "framesmith-cli " << argv[1] << ": error: " << e.what() << "\n";
        return kExitFailure;
    }
}
