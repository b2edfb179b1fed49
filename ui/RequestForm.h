#pragma once
// The parameter widgets of the main window's form <-> a GenerationRequest. GUI thread only.
// Strings keep the "MainWindow" translation context.
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"

namespace Ui {
class MainWindow;
}

class RequestForm {
public:
    static framesmith::GenerationRequest read(const Ui::MainWindow& ui);
    // Everything but the model folder, which the window probes itself.
    static void write(Ui::MainWindow& ui, const framesmith::GenerationRequest& request);
    // Fills the preset (built-ins, then the user's) and scheduler pickers (the samplers the model
    // offers; again after a language change), keeping the selection where it still exists.
    static void populateChoices(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec);
    // The form's ranges and steps (frames, sizes, steps) and the negative prompt, from the model's spec.
    static void applyLimits(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec);
    // The model family's own defaults (size, frames, fps, steps, guidance, its own sampler).
    static void applyDefaults(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec);
};
