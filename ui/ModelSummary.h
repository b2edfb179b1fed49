#pragma once
// The model box's text: what the chosen folder is, and the demo model's warning. GUI thread only.
#include "ui/ModelFolderProbe.h"

namespace Ui {
class MainWindow;
}

class ModelSummary {
public:
    static void show(Ui::MainWindow& ui, const ModelFolderProbe& model);
};
