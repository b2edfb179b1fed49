#pragma once
// What the GUI needs to know about a model folder before a run: which CogVideoX generation and
// whether it wants a start image, hence which ParameterSpec validates the request. Reads two
// small JSON files only, so it runs on the GUI thread as the user types. Engine::inspectModel
// is the full check at generation time.
#include "framesmith/ParameterSpec.h"

#include <QString>

struct ModelFolderProbe {
    enum class State { NoFolder, NotAModel, CogVideoX };
    State state = State::NoFolder;
    bool isVersion15 = false;
    bool isImageToVideo = false;
    QString problem; // why a folder is NotAModel, for the status line

    static ModelFolderProbe probe(const QString& folder);
    // CogVideoX 1.0 text-to-video when no model is known: the most permissive defaults.
    framesmith::ParameterSpec spec() const;
};
