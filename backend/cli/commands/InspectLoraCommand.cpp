// `framesmith-cli inspect-lora FILE [--model DIR]`: what a LoRA file holds (its key layout,
// modules, ranks and scales, and the training notes kohya/musubi tools write: base model, network
// dim/alpha, trigger words), and with --model whether that model takes it (modules matched and
// skipped), reading LoRA and headers only. A file that is no LoRA, or one the model cannot take,
// ends in one error line naming it (exit status 2).
#include "cli/CliCommand.h"

#include "framesmith/Error.h"
#include "models/ModelRegistry.h"
#include "models/lora/LoraFile.h"
#include "models/lora/LoraLibrary.h"

#include <iostream>
#include <set>

namespace framesmith::cli {

namespace {

void printFile(const LoraFile& file)
{
    std::set<std::int64_t> ranks;
    int fullDeltas = 0;
    for (const LoraModuleTensors& m : file.modules()) {
        if (m.down.defined())
            ranks.insert(m.rank());
        if (m.diff.defined() || m.diffBias.defined())
            ++fullDeltas;
    }
    std::cout << "lora " << file.path() << " (" << file.fileBytes() << " bytes, " << file.tensorCount() << " tensors)\n"
              << "  layout: " << LoraFile::layoutName(file.layout()) << "\n  modules: " << file.modules().size();
    if (fullDeltas)
        std::cout << " (" << fullDeltas << " with full diff/diff_b deltas)";
    std::cout << "\n  rank:";
    for (std::int64_t r : ranks)
        std::cout << " " << r;
    std::cout << "\n";
    for (std::size_t i = 0; i < file.modules().size() && i < 3; ++i)
        std::cout << "  module: " << file.modules()[i].name << "\n";
    if (!file.ignoredKeys().empty())
        std::cout << "  ignored keys: " << file.ignoredKeys().size() << " (e.g. " << file.ignoredKeys().front() << ")\n";
}

void printMetadata(const LoraMetadata& m)
{
    if (m.hasAdapterConfig())
        std::cout << "  diffusers config: r " << m.rank.value_or(0) << ", lora_alpha " << m.loraAlpha.value_or(0)
                  << ", alpha_pattern " << m.alphaPattern.size() << ", rank_pattern " << m.rankPattern.size() << "\n";
    if (!m.title.empty())
        std::cout << "  title: " << m.title << "\n";
    if (!m.baseModel.empty())
        std::cout << "  base model: " << m.baseModel << "\n";
    if (!m.networkModule.empty())
        std::cout << "  network: " << m.networkModule << "\n";
    if (!m.networkDim.empty() || !m.networkAlpha.empty())
        std::cout << "  network dim: " << m.networkDim << ", alpha: " << m.networkAlpha << "\n";
    if (!m.triggerWords.empty()) {
        std::cout << "  trigger words:";
        for (const auto& [word, count] : m.triggerWords)
            std::cout << " " << word << " (" << count << ")";
        std::cout << "\n";
    }
}

int runInspectLora(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {});
    args.rejectUnknown({"--model"});
    if (args.positionals().size() != 1)
        throw InvalidRequestError("FILE", "give exactly one LoRA file");
    const LoraFile file(args.positionals().front());
    printFile(file);
    printMetadata(file.metadata());
    if (const auto model = args.value("--model")) {
        const ModelFamily& family = ModelRegistry::familyOf(*model);
        const LoraKeyMapping* mapping = family.loraKeyMapping();
        if (!mapping)
            throw InvalidRequestError("--model", family.info().displayName + " models take no LoRA");
        LoraSpec spec;
        spec.file = file.path();
        const LoraLibrary::Prepared prepared = LoraLibrary::prepare({spec}, *mapping, *model);
        const ResolvedLora& lora = *prepared.loras.front().lora;
        std::cout << "  on " << *model << ": " << lora.modules.size() << " of " << lora.fileModules
                  << " modules matched\n  sha256: " << lora.sha256 << "\n";
        for (const std::string& warning : prepared.warnings)
            std::cout << "  warning: " << warning << "\n";
    }
    return kExitOk;
}

} // namespace

FRAMESMITH_CLI_COMMAND("inspect-lora", "inspect-lora FILE [--model DIR]",
                       "show a LoRA file's key layout (diffusers/PEFT, ComfyUI, kohya), modules, ranks and training "
                       "notes (base model, network dim/alpha, trigger words); with --model, how many of its modules "
                       "that model has (a LoRA for another model: exit 2)",
                       runInspectLora);

} // namespace framesmith::cli
