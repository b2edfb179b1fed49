#include "ui/ModelFolderProbe.h"

#include "framesmith/Engine.h"

ModelFolderProbe ModelFolderProbe::probe(const QString& folder)
{
    ModelFolderProbe result;
    result.folder = folder.trimmed();
    if (result.folder.isEmpty())
        return result;
    try {
        const framesmith::ModelInfo info = framesmith::Engine::inspectModel(result.folder.toStdString());
        result.modelSpec = framesmith::Engine::parameterSpec(result.folder.toStdString());
        result.isImageToVideo = info.isImageToVideo;
        result.isDemo = info.isDemo;
        result.displayName = QString::fromStdString(info.displayName);
        result.variant = QString::fromStdString(info.variant);
    } catch (const std::exception& e) {
        result.state = State::NotAModel;
        result.problems = QStringList{QString::fromUtf8(e.what())};
        return result;
    }
    result.state = State::Checking;
    return result;
}

ModelFolderProbe ModelFolderProbe::checked(const framesmith::ModelCheck& check) const
{
    ModelFolderProbe result = *this;
    result.problems.clear();
    for (const std::string& problem : check.problems)
        result.problems << QString::fromStdString(problem);
    if (!check.isModel) {
        result.state = State::NotAModel;
        return result;
    }
    result.modelSpec = check.spec;
    result.state = check.isUsable() ? State::Ready : State::Damaged;
    return result;
}

framesmith::ParameterSpec ModelFolderProbe::spec() const
{
    if (isModel())
        return modelSpec;
    framesmith::ParameterSpec permissive;
    permissive.supportsStartImage = true; // unknown model: do not refuse what it may accept
    return permissive;
}
