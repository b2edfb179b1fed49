#pragma once
// What the GUI needs to know about a model folder before a run: which CogVideoX generation,
// whether it wants a start image (hence which ParameterSpec validates the request) and whether
// it is the random-weight demo. A thin Qt view of Engine::inspectModel, which reads configs
// only (no weights), so it runs on the GUI thread as the user types.
#include "framesmith/ModelInfo.h"
#include "framesmith/ParameterSpec.h"

#include <QString>

struct ModelFolderProbe {
    enum class State { NoFolder, NotAModel, CogVideoX };
    State state = State::NoFolder;
    bool isVersion15 = false;
    bool isImageToVideo = false;
    bool isDemo = false;
    QString displayName;
    QString problem; // why a folder is NotAModel (the backend's English detail)

    static ModelFolderProbe probe(const QString& folder);
    // CogVideoX 1.0 text-to-video when no model is known: the most permissive defaults.
    framesmith::ParameterSpec spec() const;
};
