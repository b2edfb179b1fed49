#pragma once
// The model box's text: what the chosen folder is (as its family describes it), and the demo
// model's warning. GUI thread only.
#include "ui/ModelFolderProbe.h"

namespace Ui {
class MainWindow;
}

class ModelSummary {
public:
    static void show(Ui::MainWindow& ui, const ModelFolderProbe& model);
    // The frame rule for people: "8N+1 (9–161)", "1 or 17–408".
    static QString frameRuleText(const framesmith::FrameCountRule& rule);
};
