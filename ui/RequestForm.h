#pragma once
// The parameter widgets of the main window's form <-> a GenerationRequest. GUI thread only.
// Strings keep the "MainWindow" translation context.
#include "framesmith/GenerationRequest.h"

namespace Ui {
class MainWindow;
}

class RequestForm {
public:
    static framesmith::GenerationRequest read(const Ui::MainWindow& ui);
    // Everything but the model folder, which the window probes itself.
    static void write(Ui::MainWindow& ui, const framesmith::GenerationRequest& request);
    // Fills the preset (built-ins, then the user's) and scheduler pickers (again after a language change), keeping the selection.
    static void populateChoices(Ui::MainWindow& ui);
};
