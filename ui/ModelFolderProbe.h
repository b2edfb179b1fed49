#pragma once
// What the GUI needs to know about a model folder before a run: which model it is (as the family
// that recognised it describes it), the ParameterSpec that validates the request and shapes the
// form (frame rule, sizes, samplers, start image), and whether it is the random-weight demo. A thin
// Qt view of Engine::inspectModel, which reads configs only (no weights), so it runs on the GUI
// thread as the user types.
#include "framesmith/ModelInfo.h"
#include "framesmith/ParameterSpec.h"

#include <QString>

struct ModelFolderProbe {
    enum class State { NoFolder, NotAModel, Model };
    State state = State::NoFolder;
    bool isImageToVideo = false;
    bool isDemo = false;
    QString displayName;
    QString family;     // the family's id ("" unless a model)
    QString weightsUrl; // where the family's real weights are published
    QString problem;    // why a folder is NotAModel (the backend's English detail)

    static ModelFolderProbe probe(const QString& folder);
    bool isModel() const { return state == State::Model; }
    // The model's own spec; when no model is known, permissive defaults that refuse nothing a model
    // may accept.
    framesmith::ParameterSpec spec() const;

private:
    framesmith::ParameterSpec m_spec;
};
