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
    result.state = State::CogVideoX;
    result.isVersion15 = QString::fromStdString(info.variant).startsWith(QLatin1String("cogvideox1.5"));
    result.isImageToVideo = info.isImageToVideo;
    result.isDemo = info.isDemo;
    result.displayName = QString::fromStdString(info.displayName);
    return result;
}

framesmith::ParameterSpec ModelFolderProbe::spec() const
{
    framesmith::ParameterSpec spec = framesmith::cogVideoXSpec(isVersion15, isImageToVideo);
    if (state != State::CogVideoX)
        spec.supportsStartImage = true; // unknown model: do not refuse what it may accept
    return spec;
}
