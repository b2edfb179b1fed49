// framesmith-cli generate: one clip from flags or a JSON job file (framesmith::toJson schema, or a
// clip's sidecar), run by the Engine exactly as the app runs it. This file parses arguments and
// makes one call; everything the run needs is a GenerateOptions field.
#include "cli/CliCommand.h"
#include "cli/CliDevices.h"
#include "cli/KnobFlags.h"
#include "cli/RunOutcome.h"

#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "framesmith/StepCacheSetting.h"
#include "io/BoundedFileReader.h"


namespace framesmith::cli {

namespace {

const std::set<std::string> kSwitches = {"--quiet", "--no-decode"};
const std::set<std::string> kFlags = {"--model", "--prompt", "--negative-prompt", "--image", "--reference",
                                      "--mask-strategy", "--frames", "--fps",
                                      "--width", "--height", "--steps", "--guidance", "--seed",
                                      "--scheduler", "--cache", "--preset", "--job", "--latents-in", "--save-latents", "--out",
                                      "--device", "--quiet", "--no-decode", "--memory-report", "--pause-after-step",
                                      "--lora", CliDevices::kFlag};

// A regular file of at most 1 MiB: a FIFO, /dev/zero or a 3 GB sparse file is refused unread.
std::string readFile(const std::string& path)
{
    return BoundedFileReader::read(path, BoundedFileReader::kMaxJobBytes, "job file");
}

// Flags override the job file, or the model family's defaults when there is none.
GenerationRequest buildRequest(const CliArgs& args, GenerationRequest r)
{
    r.prompt = args.value("--prompt").value_or(r.prompt);
    r.negativePrompt = args.value("--negative-prompt").value_or(r.negativePrompt);
    r.startImagePath = args.value("--image").value_or(r.startImagePath);
    if (args.has("--reference")) // the flags' references replace the job's, in their order
        r.references = args.values("--reference");
    r.conditioning = args.value("--mask-strategy").value_or(r.conditioning);
    if (args.has("--lora")) { // the flags' LoRAs replace the job's
        r.loras.clear();
        for (const std::string& lora : args.values("--lora"))
            r.loras.push_back(parseLoraArgument(lora));
    }
    r.frameCount = args.intValue("--frames", r.frameCount, 1, 100000);
    r.fps = args.intValue("--fps", r.fps, 1, 1000);
    r.width = args.intValue("--width", r.width, 1, 100000);
    r.height = args.intValue("--height", r.height, 1, 100000);
    r.steps = args.intValue("--steps", r.steps, 1, 100000);
    r.guidanceScale = args.doubleValue("--guidance", r.guidanceScale);
    r.seed = args.unsignedValue("--seed", r.seed);
    r.scheduler = args.value("--scheduler").value_or(r.scheduler);
    r.stepCache = args.value("--cache").value_or(r.stepCache);
    if (auto preset = args.value("--preset")) { // a named preset replaces the one a sidecar recorded
        r.preset = *preset;
        r.resolvedPreset.reset();
    }
    return r;
}

int runGenerate(const std::vector<std::string>& argv)
{
    // Which flags a model takes (its family's knobs) is known once the model is: --model and --job
    // are read first, straight from argv.
    if (auto cache = KnobFlags::peek(argv, "--cache"); cache && !isStepCacheSetting(*cache)) // before any file is read
        throw InvalidRequestError("--cache", "is '" + *cache + "'; choose one of off, quality, balanced, fast");
    const std::optional<std::string> job = KnobFlags::peek(argv, "--job");
    GenerationRequest base = job ? requestFromJson(readFile(*job)) : GenerationRequest{};
    base.modelPath = KnobFlags::peek(argv, "--model").value_or(base.modelPath);
    if (base.modelPath.empty())
        throw InvalidRequestError("--model", "is required (or \"model\" in the job file)");
    const KnobFlags knobs(Engine::parameterSpec(base.modelPath).knobs);
    knobs.rejectUnknown(argv, kFlags, kSwitches);
    std::set<std::string> switches = kSwitches;
    switches.merge(knobs.switches());
    CliArgs args(argv, switches, {CliDevices::kFlag});
    if (!job) // what the flags do not give comes from the model's family
        base = Engine::defaultRequest(base.modelPath);
    GenerationRequest request = buildRequest(args, base);
    knobs.apply(args, request.knobs);
    return RunOutcome::run(args, [&](Engine& engine, ProgressSink& progress, CancelToken& cancel,
                                     const GenerateOptions& options) {
        return engine.generate(request, progress, cancel, options);
    });
}

} // namespace

FRAMESMITH_CLI_COMMAND("generate",
                       "generate --model DIR --prompt TEXT [--negative-prompt T] [--image PNG] "
                       "[--reference IMAGE|VIDEO ...] [--mask-strategy STR] [--frames N] [--fps N] "
                       "[--width W --height H] [--steps N] [--guidance G] [--KNOB VALUE ...] [--seed S] "
                       "[--scheduler NAME] [--cache off|quality|balanced|fast] [--preset NAME|FILE] [--job JOB.json|CLIP.json] [--latents-in F] "
                       "[--lora FILE[:STRENGTH] ...] "
                       "[--save-latents F] [--out FILE] [--device cpu|cuda:N] [--vram GiB ...] "
                       "[--memory-report F.json] [--pause-after-step N] [--no-decode] [--quiet]",
                       "generate one clip through the engine the app uses (the preset's placement carried out; "
                       "--vram: place for these GPUs); Ctrl-C cancels (exit 4), the latents are saved before decoding; "
                       "SIGUSR1 or --pause-after-step pauses after a step (exit 5; `resume` continues); "
                       "the model's family gives the defaults and the samplers (`framesmith-cli families`); "
                       "--reference (repeatable) and --mask-strategy condition on images or videos where the family "
                       "takes them, in the family's own syntax (`framesmith-cli families` shows it); "
                       "--cache reuses the later transformer blocks' residual between steps (faster, slightly "
                       "different; `framesmith-cli families` shows each setting's measured speed-up and error); "
                       "--lora (repeatable) applies a LoRA at a strength in -2..2 (`inspect-lora` shows one); "
                       "--KNOB VALUE: a setting the model's family adds (a switch takes no value); "
                       "`framesmith-cli inspect DIR` lists the model's knobs with their ranges and help",
                       runGenerate);

} // namespace framesmith::cli
