// framesmith-cli presets: the memory presets the CLI and the app share (built-in and user), or one
// preset's full JSON, e.g. as the starting point of a custom preset.
#include "cli/CliCommand.h"

#include "framesmith/Error.h"
#include "memory/presets/MemoryStrategyRegistry.h"
#include "memory/presets/PresetStore.h"

#include <iostream>

namespace framesmith::cli {
namespace {

int runPresets(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--strategies"});
    args.rejectUnknown({"--strategies"});
    const PresetStore store;
    if (args.positionals().size() == 1) {
        std::cout << toJson(store.load(args.positionals().front())) << "\n";
        return kExitOk;
    }
    if (args.positionals().size() > 1)
        throw InvalidRequestError("NAME", "give at most one preset name or path");
    if (args.has("--strategies")) {
        for (const auto& strategy : memoryStrategies())
            std::cout << strategy->name() << "\n    " << strategy->summary() << "\n";
        return kExitOk;
    }
    std::cout << "built-in presets (" << store.builtinSource() << "):\n";
    for (const std::string& name : store.builtinNames())
        std::cout << "  " << name << "\n      " << store.load(name).description << "\n";
    std::cout << "user presets (" << store.userFolder() << "):\n";
    for (const std::string& name : store.userNames()) {
        // One broken file in the user's folder must not hide the others.
        try {
            const std::string description = store.load(name).description;
            std::cout << "  " << name << "\n      " << description << "\n";
        } catch (const Error& e) {
            std::cerr << "warning: skipped user preset '" << name << "': " << e.what() << "\n";
        }
    }
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("presets", "presets [NAME|FILE] [--strategies]",
                       "list the memory presets (or print one as JSON, or list the strategies presets combine)",
                       runPresets);

} // namespace framesmith::cli
