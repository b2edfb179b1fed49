#include "ui/ModelFolderProbe.h"

#include "framesmith/Engine.h"

ModelFolderProbe ModelFolderProbe::probe(const QString& folder)
{
    ModelFolderProbe result;
    if (folder.trimmed().isEmpty())
        return result;
    framesmith::ModelInfo info;
    try {
        info = framesmith::Engine::inspectModel(folder.toStdString());
    } catch (const std::exception& e) {
        result.state = State::NotAModel;
        result.problem = QString::fromUtf8(e.what());
        return result;
    }
    result.state = State::Model;
    result.isImageToVideo = info.isImageToVideo;
    result.isDemo = info.isDemo;
    result.displayName = QString::fromStdString(info.displayName);
    result.family = QString::fromStdString(info.family);
    result.weightsUrl = QString::fromStdString(info.weightsUrl);
    result.m_spec = info.spec;
    return result;
}

framesmith::ParameterSpec ModelFolderProbe::spec() const
{
    return m_spec; // default-constructed (permissive) unless a model was found
}
