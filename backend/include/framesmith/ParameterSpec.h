#pragma once
// What one model accepts, as its family describes it (ModelInfo::spec, from the model's files):
// the frame-count rule, size granularity and limits, defaults, size presets, the schedulers it
// offers and which inputs it takes. The GUI builds its form from it, and validateRequest() (used
// by the form, `plan` and `generate` alike) refuses impossible values naming the field.
// Plain values; any thread.
#include "framesmith/FamilyKnob.h"
#include "framesmith/GenerationRequest.h"

#include <string>
#include <vector>

namespace framesmith {

// One arithmetic run of valid frame counts: first, first + step, ... up to last.
struct FrameRun {
    int first = 1;
    int last = 1;
    int step = 1;
};

// The frame counts a model accepts: the union of its runs (ascending, not overlapping).
// 8N+1 frames from 9 to 161: {9..161 step 8}; a model taking one image or 17 frames and more:
// {1..1 step 1} and {17..408 step 1}.
struct FrameCountRule {
    std::vector<FrameRun> runs{{1, 1000, 1}};

    bool isValid(int frameCount) const;
    int nearestValid(int frameCount) const;  // the closest valid count; the larger one on a tie
    int minimum() const;
    int maximum() const;
    int stepAt(int frameCount) const;        // the step of the run holding (or nearest to) frameCount
    std::string description() const;         // English: "8N+1 from 9 to 161", "1 or 17 to 408"
};

// A named size the family was trained at ("480p 16:9" -> 848 x 480).
struct SizePreset {
    std::string name;
    int width = 0;
    int height = 0;
};

// A sampler a model offers; GenerationRequest::scheduler holds its id ("" = the model's own).
struct SchedulerOption {
    std::string id;       // "ddim"
    std::string label;    // "DDIM" (a technical name, shown as is)
    std::string summary;  // English, one line
};

struct ParameterSpec {
    std::string family;          // the family that wrote it ("" when no model is known)
    FrameCountRule frames;
    int sizeMultiple = 16;
    int minSize = 16;
    int maxSize = 4096;
    int maxSteps = 1000;
    int defaultWidth = 720;
    int defaultHeight = 480;
    int defaultFrames = 49;
    int defaultFps = 8;
    int defaultSteps = 50;
    double defaultGuidanceScale = 6.0;
    // The negative prompt the family's users start from (one its reference code ships); "" none.
    // A new request takes it (Engine::defaultRequest); the form fills it in when the family changes.
    std::string defaultNegativePrompt;
    std::vector<SizePreset> sizePresets;      // may be empty
    std::vector<SchedulerOption> schedulers;  // empty: any name is passed on to the model
    bool supportsStartImage = true;
    bool requiresStartImage = false;
    // GenerationRequest::references and ::conditioning (the family parses the conditioning text).
    bool supportsReferences = false;
    bool supportsNegativePrompt = true;
    bool isFpsConditioned = false;  // the model is told the fps (it changes the motion), not only the export
    // Non-zero: the only size the model runs at (learned positional embeddings, e.g. 5b-I2V).
    int requiredWidth = 0;
    int requiredHeight = 0;
    // The family's own settings (GenerationRequest::knobs), in the order the form shows them.
    std::vector<FamilyKnob> knobs;

    const FamilyKnob* knob(const std::string& name) const; // nullptr when this model has none of that name
};

// Which rule a field broke; the GUI words it in the user's language from the arguments.
enum class FieldRule {
    Invalid,
    OutOfRange,                // args: minimum, maximum, value
    FrameCount,                // args: nearest valid count, value (the rule itself is spec.frames)
    SizeMultiple,              // args: multiple, value
    RequiredSize,              // args: width, height (the only size this model runs at)
    StartImageRequired,        // no args
    StartImageUnsupported,     // no args
    ReferencesUnsupported,     // no args
    UnknownScheduler,          // args: the name asked for, then the ids the model offers
    UnknownKnob,               // args: the knob's name, the nearest known name ("" if none), then every known name
    KnobKind,                  // args: the knob's name, its kind as KnobKind's number, the value given
    KnobOutOfRange             // args: the knob's name, minimum, maximum, value
};

struct FieldError {
    std::string field;   // "frameCount", "width", "steps", "scheduler", "knobs.flow_shift", ...
    std::string message; // English, names the rule that was broken (the CLI prints it)
    FieldRule rule = FieldRule::Invalid;
    std::vector<std::string> args; // the rule's numbers or names, as text, in the order FieldRule lists
};

std::vector<FieldError> validateRequest(const GenerationRequest& request, const ParameterSpec& spec);

} // namespace framesmith
