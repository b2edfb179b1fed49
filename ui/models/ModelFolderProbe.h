#pragma once
// What the GUI knows about a model folder: which model it is (as the family that recognised it
// describes it), the ParameterSpec that validates the request and shapes the form (frame rule,
// sizes, samplers, start image), and whether it is the random-weight demo. probe() reads configs
// only (Engine::inspectModel), so the form can follow the model at once as the user types; a folder
// that is a model stays Checking until Engine::verifyModel (every file, every safetensors header,
// run off the GUI thread by ModelChecker) says Ready or Damaged. Only Ready may generate. Plain values.
#include "framesmith/ModelCheck.h"
#include "framesmith/ParameterSpec.h"

#include <QString>
#include <QStringList>

struct ModelFolderProbe {
    enum class State { NoFolder, NotAModel, Checking, Damaged, Ready };
    State state = State::NoFolder;
    QString folder;
    bool isImageToVideo = false;
    bool isDemo = false;
    QString displayName;
    QString variant;
    QString family;       // the family's id ("" unless a model)
    QString weightsUrl;   // where the family's real weights are published
    QStringList problems; // NotAModel/Damaged: the backend's English details, one per file
    framesmith::ParameterSpec modelSpec;

    static ModelFolderProbe probe(const QString& folder);
    // The probe after the complete check of the same folder.
    ModelFolderProbe checked(const framesmith::ModelCheck& check) const;

    bool isModel() const { return state == State::Checking || state == State::Damaged || state == State::Ready; }
    bool isReady() const { return state == State::Ready; }
    // The model's own spec; when no model is known, permissive defaults that refuse nothing a model
    // may accept.
    framesmith::ParameterSpec spec() const;
};
