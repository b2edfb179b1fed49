#include "framesmith/ParameterSpec.h"

#include "core/door/KnobValidation.h"

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <tuple>

namespace framesmith {

namespace {

bool holds(const FrameRun& run, int n)
{
    return run.step > 0 && n >= run.first && n <= run.last && (n - run.first) % run.step == 0;
}

// The valid count of `run` closest to n (the larger one on a tie).
int nearestIn(const FrameRun& run, int n)
{
    if (run.step <= 0 || n <= run.first)
        return run.first;
    const int lastValid = run.last - (run.last - run.first) % run.step;
    if (n >= lastValid)
        return lastValid;
    const int below = n - (n - run.first) % run.step;
    return n - below < below + run.step - n ? below : below + run.step;
}

std::string describeRun(const FrameRun& run)
{
    if (run.first == run.last)
        return std::to_string(run.first);
    const std::string range = std::to_string(run.first) + " to " + std::to_string(run.last);
    if (run.step == 1)
        return range;
    return std::to_string(run.step) + "N+" + std::to_string(run.first % run.step) + " from " + range;
}

std::string specNumberText(double value)
{
    char text[32];
    std::snprintf(text, sizeof text, "%g", value);
    return text;
}

// Today's text encoders read a few hundred tokens, about a thousand characters; a prompt is capped
// well above that so that a pasted file cannot make a family's text path (caption cleaning) take
// seconds, and the user learns it at once instead of after a model loads.
constexpr std::size_t kMaxPromptCharacters = 10000;

std::size_t characterCount(const std::string& text) // code points: bytes that do not continue one
{
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

void checkPromptLength(std::vector<FieldError>& errors, const char* field, const std::string& text)
{
    const std::size_t count = characterCount(text);
    if (count > kMaxPromptCharacters)
        errors.push_back({field,
                          std::string(field) + " is " + std::to_string(count) + " characters long; at most " +
                              std::to_string(kMaxPromptCharacters) +
                              " are accepted (the text encoder reads only about the first thousand): shorten it",
                          FieldRule::OutOfRange,
                          {"0", std::to_string(kMaxPromptCharacters), std::to_string(count)}});
}

void checkRange(std::vector<FieldError>& errors, const char* field, int value, int lo, int hi)
{
    using std::to_string;
    if (value < lo || value > hi)
        errors.push_back({field,
                          std::string(field) + " must be between " + to_string(lo) + " and " + to_string(hi) +
                              ", got " + to_string(value),
                          FieldRule::OutOfRange,
                          {to_string(lo), to_string(hi), to_string(value)}});
}

void checkFrames(std::vector<FieldError>& errors, const GenerationRequest& r, const ParameterSpec& spec)
{
    if (spec.frames.isValid(r.frameCount))
        return;
    const std::string example = std::to_string(spec.frames.nearestValid(r.frameCount));
    const std::string value = std::to_string(r.frameCount);
    errors.push_back({"frameCount",
                      "frameCount must be " + spec.frames.description() + " for this model (e.g. " + example +
                          "), got " + value,
                      FieldRule::FrameCount, {example, value}});
}

void checkSize(std::vector<FieldError>& errors, const GenerationRequest& r, const ParameterSpec& spec)
{
    using std::to_string;
    for (auto [field, value] : {std::pair<const char*, int>{"width", r.width}, {"height", r.height}}) {
        checkRange(errors, field, value, spec.minSize, spec.maxSize);
        if (spec.sizeMultiple > 0 && value % spec.sizeMultiple != 0)
            errors.push_back({field,
                              std::string(field) + " must be a multiple of " + to_string(spec.sizeMultiple) +
                                  ", got " + to_string(value),
                              FieldRule::SizeMultiple, {to_string(spec.sizeMultiple), to_string(value)}});
    }
    if (spec.requiredWidth <= 0 || spec.requiredHeight <= 0)
        return;
    const std::string size = to_string(spec.requiredWidth) + "x" + to_string(spec.requiredHeight);
    for (auto [field, value, required] : {std::tuple<const char*, int, int>{"width", r.width, spec.requiredWidth},
                                          {"height", r.height, spec.requiredHeight}})
        if (value != required)
            errors.push_back({field, std::string(field) + " must be " + to_string(required) + ": this model only runs at " +
                                         size + " px, got " + to_string(r.width) + "x" + to_string(r.height),
                              FieldRule::RequiredSize, {to_string(spec.requiredWidth), to_string(spec.requiredHeight)}});
}

void checkScheduler(std::vector<FieldError>& errors, const GenerationRequest& r, const ParameterSpec& spec)
{
    if (r.scheduler.empty() || spec.schedulers.empty())
        return;
    std::string known;
    std::vector<std::string> args{r.scheduler};
    for (const SchedulerOption& option : spec.schedulers) {
        if (option.id == r.scheduler)
            return;
        known += (known.empty() ? "" : ", ") + option.id;
        args.push_back(option.id);
    }
    errors.push_back({"scheduler",
                      "scheduler '" + r.scheduler + "' is not offered by this model (choose one of: " + known +
                          ", or leave it empty for the model's own)",
                      FieldRule::UnknownScheduler, args});
}

} // namespace

bool FrameCountRule::isValid(int n) const
{
    return std::any_of(runs.begin(), runs.end(), [n](const FrameRun& run) { return holds(run, n); });
}

int FrameCountRule::nearestValid(int n) const
{
    int best = runs.empty() ? n : nearestIn(runs.front(), n);
    for (const FrameRun& run : runs) {
        const int candidate = nearestIn(run, n);
        const long distance = std::labs(static_cast<long>(candidate) - n);
        const long bestDistance = std::labs(static_cast<long>(best) - n);
        if (distance < bestDistance || (distance == bestDistance && candidate > best))
            best = candidate;
    }
    return best;
}

int FrameCountRule::minimum() const
{
    int lo = INT_MAX;
    for (const FrameRun& run : runs)
        lo = std::min(lo, run.first);
    return runs.empty() ? 1 : lo;
}

int FrameCountRule::maximum() const
{
    int hi = INT_MIN;
    for (const FrameRun& run : runs)
        hi = std::max(hi, run.last - (run.step > 0 ? (run.last - run.first) % run.step : 0));
    return runs.empty() ? 1 : hi;
}

int FrameCountRule::stepAt(int n) const
{
    const int valid = nearestValid(n);
    for (const FrameRun& run : runs)
        if (holds(run, valid))
            return run.step;
    return 1;
}

std::string FrameCountRule::description() const
{
    std::string text;
    for (std::size_t i = 0; i < runs.size(); ++i)
        text += (i == 0 ? "" : i + 1 == runs.size() ? " or " : ", ") + describeRun(runs[i]);
    return text;
}

const FamilyKnob* ParameterSpec::knob(const std::string& name) const
{
    for (const FamilyKnob& k : knobs)
        if (k.name == name)
            return &k;
    return nullptr;
}

std::vector<FieldError> validateRequest(const GenerationRequest& r, const ParameterSpec& spec)
{
    std::vector<FieldError> errors;
    checkPromptLength(errors, "prompt", r.prompt);
    checkPromptLength(errors, "negativePrompt", r.negativePrompt);
    checkFrames(errors, r, spec);
    checkSize(errors, r, spec);
    checkRange(errors, "steps", r.steps, 1, spec.maxSteps);
    checkRange(errors, "fps", r.fps, 1, 120);
    if (!(r.guidanceScale >= 0.0 && r.guidanceScale <= 50.0))
        errors.push_back({"guidanceScale", "guidanceScale must be between 0 and 50", FieldRule::OutOfRange,
                          {"0", "50", specNumberText(r.guidanceScale)}});
    if (spec.requiresStartImage && !r.hasStartImage())
        errors.push_back({"startImage", "this model turns a start image into a video: choose one",
                          FieldRule::StartImageRequired, {}});
    if (!spec.supportsStartImage && r.hasStartImage())
        errors.push_back({"startImage", "this model is text-to-video only: clear the start image",
                          FieldRule::StartImageUnsupported, {}});
    if (!spec.supportsReferences && (!r.references.empty() || !r.conditioning.empty()))
        errors.push_back({"references", "this model takes no reference videos or images: clear them",
                          FieldRule::ReferencesUnsupported, {}});
    checkScheduler(errors, r, spec);
    checkKnobs(errors, r.knobs, spec);
    return errors;
}

} // namespace framesmith
