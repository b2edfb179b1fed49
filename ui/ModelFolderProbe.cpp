#include "ui/ModelFolderProbe.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>

namespace {
QJsonObject readObject(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).object();
}
} // namespace

ModelFolderProbe ModelFolderProbe::probe(const QString& folder)
{
    ModelFolderProbe result;
    if (folder.trimmed().isEmpty())
        return result;
    const QDir dir(folder);
    const QJsonObject index = readObject(dir.filePath(QStringLiteral("model_index.json")));
    const QString pipeline = index.value(QStringLiteral("_class_name")).toString();
    if (!pipeline.startsWith(QLatin1String("CogVideoX"))) {
        result.state = State::NotAModel;
        result.problem = index.isEmpty()
                             ? QCoreApplication::translate("ModelFolderProbe", "no readable model_index.json in %1")
                                   .arg(QDir::toNativeSeparators(folder))
                             : QCoreApplication::translate("ModelFolderProbe", "%1 is not a CogVideoX pipeline")
                                   .arg(pipeline);
        return result;
    }
    result.state = State::CogVideoX;
    // diffusers: CogVideoXImageToVideoPipeline; 1.5 transformers have a temporal patch size.
    result.isImageToVideo = pipeline.contains(QLatin1String("ImageToVideo"));
    const QJsonObject transformer = readObject(dir.filePath(QStringLiteral("transformer/config.json")));
    const QJsonValue temporalPatch = transformer.value(QStringLiteral("patch_size_t"));
    result.isVersion15 = temporalPatch.isDouble() && temporalPatch.toInt() > 0;
    return result;
}

framesmith::ParameterSpec ModelFolderProbe::spec() const
{
    framesmith::ParameterSpec spec = framesmith::cogVideoXSpec(isVersion15, isImageToVideo);
    if (state != State::CogVideoX)
        spec.supportsStartImage = true; // unknown model: do not refuse what it may accept
    return spec;
}
