#pragma once
// One setting a model family adds to the shared request (ParameterSpec::knobs): a guidance
// schedule switch, a sampler's flow shift. The CLI flags, the job file's "knobs" object, the sidecar and
// the form's fields are made from these declarations, so a family with a new knob edits only its
// own folder. Plain values; any thread.
#include "framesmith/KnobValue.h"

#include <optional>
#include <string>

namespace framesmith {

enum class KnobKind { Invalid, Switch, Integer, Number, Text };

struct FamilyKnob {
    std::string name;            // snake_case, the job file's key: "guidance_scale_2"
    KnobKind kind = KnobKind::Invalid;
    // English; the form shows them through QCoreApplication::translate("FamilyKnob", ...), so the
    // translations hold every family's texts verbatim in the context "FamilyKnob".
    std::string label;           // a few words: "Low-noise guidance"
    std::string help;            // one or two sentences, the default named when the model decides it
    double minimum = 0.0;        // Integer and Number: the accepted range, both ends included
    double maximum = 0.0;
    double step = 0.1;           // the form's spin box step (Number)
    int decimals = 2;            // the form's decimals (Number)
    // Unset: the model decides (help says how), and the request leaves the knob out.
    std::optional<KnobValue> defaultValue;

    std::string cliFlag() const; // "--guidance-scale-2": the name with dashes
};

std::string knobKindName(KnobKind kind); // English: "a switch (true or false)", "a number", ...

} // namespace framesmith
