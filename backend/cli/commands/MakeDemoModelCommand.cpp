// framesmith-cli make-demo-model: a small random-weight model of a family, to try everything quickly.
#include "cli/CliCommand.h"

#include "framesmith/Error.h"
#include "models/DemoTokenizer.h"
#include "models/ModelRegistry.h"

#include <algorithm>
#include <iostream>

namespace framesmith::cli {

namespace {

std::string familyNames()
{
    std::string names;
    for (const auto& family : ModelRegistry::families())
        names += (names.empty() ? "" : ", ") + family->info().name;
    return names;
}

const ModelFamily& familyFrom(const CliArgs& args)
{
    if (ModelRegistry::families().empty())
        throw Error(ErrorCode::Internal, "this build has no model family");
    const auto name = args.value("--family");
    if (!name)
        return *ModelRegistry::families().front();
    const ModelFamily* family = ModelRegistry::find(*name);
    if (!family)
        throw InvalidRequestError("--family", "unknown family '" + *name + "' (known: " + familyNames() + ")");
    return *family;
}

int runMakeDemoModel(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({"--family", "--variant", "--tokenizer", "--seed"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("DIR", "give the folder to create");
    const std::string dir = args.positionals().front();
    const ModelFamily& family = familyFrom(args);
    DemoModelOptions options;
    options.tokenizerDir = args.value("--tokenizer").value_or(DemoTokenizer::findDir());
    options.seed = static_cast<std::uint64_t>(args.intValue("--seed", static_cast<int>(options.seed)));
    options.variant = args.value("--variant").value_or("");
    const std::vector<std::string> variants = family.demoVariants();
    if (!options.variant.empty() && std::find(variants.begin(), variants.end(), options.variant) == variants.end()) {
        std::string known;
        for (const std::string& v : variants)
            known += (known.empty() ? "" : ", ") + v;
        throw InvalidRequestError("--variant", "the " + family.info().name + " demo has no variant '" + options.variant +
                                                   "'" + (known.empty() ? std::string(" (it has one layout)") : " (known: " + known + ")"));
    }
    family.writeDemoModel(dir, options);
    std::cout << "wrote demo model " << dir << " (" << family.info().displayName
              << " layout, random weights: the output is noise; real clips need real weights, e.g. "
              << family.info().weightsUrl << ")\n";
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("make-demo-model", "make-demo-model DIR [--family NAME] [--variant V] [--tokenizer DIR] [--seed N]",
                       "write a small random-weight model (output is noise) of a model family (--family, see "
                       "`framesmith-cli families`; default the first) for trying the app in seconds; --variant "
                       "picks one of the family's demo layouts (`framesmith-cli families` lists them)",
                       runMakeDemoModel);

} // namespace framesmith::cli
