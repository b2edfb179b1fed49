#include "ui/models/ModelFolderProbe.h"

#include "framesmith/Engine.h"

namespace {

void describe(ModelFolderProbe& probe, const framesmith::ModelInfo& info)
{
    probe.isImageToVideo = info.isImageToVideo;
    probe.isDemo = info.isDemo;
    probe.displayName = QString::fromStdString(info.displayName);
    probe.variant = QString::fromStdString(info.variant);
    probe.family = QString::fromStdString(info.family);
    probe.weightsUrl = QString::fromStdString(info.weightsUrl);
}

} // namespace

ModelFolderProbe ModelFolderProbe::probe(const QString& folder)
{
    ModelFolderProbe result;
    result.folder = folder.trimmed();
    if (result.folder.isEmpty())
        return result;
    try {
        const framesmith::ModelInfo info = framesmith::Engine::inspectModel(result.folder.toStdString());
        describe(result, info);
        result.modelSpec = info.spec;
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
    describe(result, check.info);
    result.modelSpec = check.spec;
    result.state = check.isUsable() ? State::Ready : State::Damaged;
    return result;
}

framesmith::ParameterSpec ModelFolderProbe::spec() const
{
    return isModel() ? modelSpec : framesmith::ParameterSpec(); // the default refuses nothing a model may take
}
