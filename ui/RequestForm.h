#pragma once
// The parameter widgets of the main window's form <-> a GenerationRequest. GUI thread only.
// Strings keep the "MainWindow" translation context.
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"

#include <QString>

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
    // A model was chosen: the form's ranges and steps (frames, sizes, steps) and the negative prompt
    // follow its spec; when it is of another family than `previousFamily` (not none), the form also
    // takes that family's defaults (a request being restored writes its own values afterwards).
    static void adoptModel(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec, const QString& previousFamily);

private:
    static void applyLimits(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec);
    static void applyDefaults(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec);
};
