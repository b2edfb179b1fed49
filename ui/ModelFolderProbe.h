#pragma once
// What the GUI knows about a model folder. probe() reads configs only (Engine::inspectModel and
// the model's own ParameterSpec), so the form can follow the model at once; a folder that is a
// model stays Checking until Engine::verifyModel (every file, every safetensors header, run off the
// GUI thread by ModelChecker) says Ready or Damaged. Only Ready may generate. Plain values.
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
    QStringList problems; // NotAModel/Damaged: the backend's English details, one per file
    framesmith::ParameterSpec modelSpec;

    static ModelFolderProbe probe(const QString& folder);
    // The probe after the complete check of the same folder.
    ModelFolderProbe checked(const framesmith::ModelCheck& check) const;

    bool isModel() const { return state == State::Checking || state == State::Damaged || state == State::Ready; }
    bool isReady() const { return state == State::Ready; }
    // The model's rules; with no model, permissive ones (a start image is not refused).
    framesmith::ParameterSpec spec() const;
};
