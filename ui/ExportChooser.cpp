#include "ui/ExportChooser.h"

#include "framesmith/VideoExport.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>

namespace ExportChooser {

namespace {
QString tr(const char* text) { return QCoreApplication::translate("ExportChooser", text); }

QString filterFor(framesmith::ExportFormat format)
{
    const QString extension = QString::fromStdString(framesmith::exportFormatExtension(format));
    return extension.isEmpty() ? tr("%1 (folder)").arg(formatLabel(format))
                               : QStringLiteral("%1 (*%2)").arg(formatLabel(format), extension);
}
} // namespace

QString formatLabel(framesmith::ExportFormat format)
{
    using framesmith::ExportFormat;
    switch (format) {
    case ExportFormat::H264Mp4: return tr("H.264 video, MP4");
    case ExportFormat::H265Mp4: return tr("H.265 video, MP4");
    case ExportFormat::Vp9WebM: return tr("VP9 video, WebM");
    case ExportFormat::Av1Mp4: return tr("AV1 video, MP4");
    case ExportFormat::ProResMov: return tr("ProRes 422, MOV");
    case ExportFormat::Gif: return tr("Animated GIF");
    case ExportFormat::PngSequence: return tr("PNG image sequence");
    default: return QString::fromLatin1(framesmith::exportFormatName(format));
    }
}

std::optional<framesmith::ExportOptions> ask(QWidget* parent, const QString& suggestedPath)
{
    QStringList filters;
    QVector<framesmith::ExportFormat> formats;
    for (framesmith::ExportFormat format : framesmith::allExportFormats()) {
        if (!framesmith::isExportFormatAvailable(format))
            continue;
        formats.push_back(format);
        filters << filterFor(format);
    }
    if (formats.isEmpty())
        return std::nullopt;
    QString chosenFilter = filters.first();
    QString path = QFileDialog::getSaveFileName(parent, tr("Export clip"), suggestedPath,
                                                filters.join(QStringLiteral(";;")), &chosenFilter);
    if (path.isEmpty())
        return std::nullopt;
    framesmith::ExportOptions options;
    options.format = formats.value(std::max(0, int(filters.indexOf(chosenFilter))));
    const QString extension = QString::fromStdString(framesmith::exportFormatExtension(options.format));
    if (!extension.isEmpty() && !path.endsWith(extension, Qt::CaseInsensitive))
        path += extension;
    options.path = path.toStdString();
    return options;
}

} // namespace ExportChooser
