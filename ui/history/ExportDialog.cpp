#include "ui/history/ExportDialog.h"

#include "framesmith/VideoExport.h"
#include "ui/form/FieldValidation.h"
#include "ui_ExportDialog.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>

namespace {
enum SizeChoice { Original, Half, Double, Custom };
}

ExportDialog::ExportDialog(const Clip& clip, const QString& folder, framesmith::ExportFormat format, QWidget* parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::ExportDialog>()), m_clip(clip)
{
    m_ui->setupUi(this);
    setObjectName(QStringLiteral("exportDialog"));
    auto* exportButton = m_ui->buttonBox->addButton(tr("&Export"), QDialogButtonBox::AcceptRole);
    exportButton->setObjectName(QStringLiteral("exportButton"));
    exportButton->setDefault(true);
    m_ui->errorLabel->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_ui->errorLabel->hide();
    m_ui->traceCheck->setEnabled(clip.hasTrace);
    m_ui->traceCheck->setChecked(clip.hasTrace);
    for (framesmith::ExportFormat f : framesmith::allExportFormats())
        if (framesmith::isExportFormatAvailable(f))
            m_ui->formatCombo->addItem(formatLabel(f), int(f));
    fillSizes();
    const int index = m_ui->formatCombo->findData(int(format));
    m_ui->formatCombo->setCurrentIndex(std::max(0, index));
    m_extension = QString::fromStdString(framesmith::exportFormatExtension(this->format()));
    m_baseStem = QStringLiteral("framesmith-%1").arg(clip.seed);
    m_autoPath = uniquePath(folder, m_baseStem, m_extension);
    setPath(m_autoPath);
    onFormatChanged();
    connect(m_ui->formatCombo, &QComboBox::currentIndexChanged, this, &ExportDialog::onFormatChanged);
    connect(m_ui->sizeCombo, &QComboBox::currentIndexChanged, this, &ExportDialog::onSizeChoiceChanged);
    connect(m_ui->browseButton, &QPushButton::clicked, this, &ExportDialog::onBrowseClicked);
    connect(m_ui->pathEdit, &QLineEdit::textEdited, m_ui->errorLabel, &QWidget::hide);
    connect(m_ui->buttonBox, &QDialogButtonBox::accepted, this, &ExportDialog::tryExport);
    connect(m_ui->buttonBox, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

ExportDialog::~ExportDialog() = default;

QString ExportDialog::formatLabel(framesmith::ExportFormat format)
{
    using framesmith::ExportFormat;
    switch (format) {
    case ExportFormat::H264Mp4: return tr("H.264 video, MP4");
    case ExportFormat::H265Mp4: return tr("H.265 video, MP4");
    case ExportFormat::Vp9WebM: return tr("VP9 video, WebM");
    case ExportFormat::Av1Mp4: return tr("AV1 video, MP4");
    case ExportFormat::ProResMov: return tr("ProRes 422, MOV");
    case ExportFormat::Gif: return tr("Animated GIF");
    case ExportFormat::PngSequence: return tr("PNG image sequence (folder)");
    default: return QString::fromLatin1(framesmith::exportFormatName(format));
    }
}

QString ExportDialog::uniquePath(const QString& folder, const QString& stem, const QString& extension)
{
    const QDir dir(folder);
    QString path = dir.filePath(stem + extension);
    for (int n = 2; QFileInfo::exists(path); ++n)
        path = dir.filePath(QStringLiteral("%1-%2%3").arg(stem).arg(n).arg(extension));
    return path;
}

void ExportDialog::fillSizes()
{
    const auto label = [](const QString& name, int w, int h) { return tr("%1 (%2 × %3)").arg(name).arg(w).arg(h); };
    m_ui->sizeCombo->addItem(label(tr("As generated"), m_clip.width, m_clip.height), Original);
    m_ui->sizeCombo->addItem(label(tr("Half"), m_clip.width / 2, m_clip.height / 2), Half);
    m_ui->sizeCombo->addItem(label(tr("Double"), m_clip.width * 2, m_clip.height * 2), Double);
    m_ui->sizeCombo->addItem(tr("Custom"), Custom);
    m_ui->widthSpin->setValue(m_clip.width);
    m_ui->heightSpin->setValue(m_clip.height);
    onSizeChoiceChanged();
}

framesmith::ExportFormat ExportDialog::format() const
{
    return static_cast<framesmith::ExportFormat>(m_ui->formatCombo->currentData().toInt());
}

void ExportDialog::setFormat(framesmith::ExportFormat format)
{
    m_ui->formatCombo->setCurrentIndex(std::max(0, m_ui->formatCombo->findData(int(format))));
}

void ExportDialog::onFormatChanged()
{
    // The name follows the format: clip.mp4 becomes clip.webm, never clip.mp4.webm.
    const QString extension = QString::fromStdString(framesmith::exportFormatExtension(format()));
    QString current = path();
    if (!m_extension.isEmpty() && current.endsWith(m_extension, Qt::CaseInsensitive))
        current.chop(m_extension.size());
    const QFileInfo info(current + extension);
    // A name the dialog chose is chosen again from its base (framesmith-42-2 for .mp4 becomes
    // framesmith-42.webm, not framesmith-42-2-2.webm); a name the user typed keeps its own stem.
    const bool isOurs = path() == m_autoPath;
    const QString stem = isOurs ? m_baseStem : extension.isEmpty() ? info.fileName() : info.completeBaseName();
    if (extension != m_extension) {
        const QString next = uniquePath(info.absolutePath(), stem, extension);
        setPath(next);
        if (isOurs)
            m_autoPath = next;
    }
    m_extension = extension;
    const framesmith::ExportQuality quality = framesmith::exportQuality(format());
    m_ui->qualitySpin->setEnabled(quality.isAvailable());
    m_ui->qualityHintLabel->setEnabled(quality.isAvailable());
    m_ui->qualitySpin->setRange(-1, quality.isAvailable() ? quality.maximum : 0);
    m_ui->qualitySpin->setSpecialValueText(quality.isAvailable() ? tr("Format default (%1)").arg(quality.defaultValue)
                                                                 : tr("Not used by this format"));
    m_ui->errorLabel->hide();
}

void ExportDialog::onSizeChoiceChanged()
{
    const bool isCustom = m_ui->sizeCombo->currentData().toInt() == Custom;
    m_ui->widthSpin->setVisible(isCustom);
    m_ui->timesLabel->setVisible(isCustom);
    m_ui->heightSpin->setVisible(isCustom);
}

void ExportDialog::onBrowseClicked()
{
    const QString extension = QString::fromStdString(framesmith::exportFormatExtension(format()));
    const QString filter = extension.isEmpty() ? QString() : tr("%1 (*%2)").arg(formatLabel(format()), extension);
    // This dialog asks before replacing (tryExport), so the file dialog need not.
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export clip"), path(), filter, nullptr,
                                                        QFileDialog::DontConfirmOverwrite);
    if (!chosen.isEmpty())
        setPath(!extension.isEmpty() && !chosen.endsWith(extension, Qt::CaseInsensitive) ? chosen + extension : chosen);
}

QString ExportDialog::path() const { return m_ui->pathEdit->text().trimmed(); }

void ExportDialog::setPath(const QString& path) { m_ui->pathEdit->setText(QDir::toNativeSeparators(path)); }

bool ExportDialog::includesTrace() const { return m_ui->traceCheck->isEnabled() && m_ui->traceCheck->isChecked(); }

QString ExportDialog::errorText() const { return m_ui->errorLabel->isHidden() ? QString() : m_ui->errorLabel->text(); }

framesmith::ExportOptions ExportDialog::options() const
{
    framesmith::ExportOptions options;
    options.format = format();
    QString target = QDir::fromNativeSeparators(path());
    const QString extension = QString::fromStdString(framesmith::exportFormatExtension(options.format));
    if (!extension.isEmpty() && !target.endsWith(extension, Qt::CaseInsensitive))
        target += extension;
    options.path = target.toStdString();
    options.quality = m_ui->qualitySpin->isEnabled() ? m_ui->qualitySpin->value() : -1;
    switch (m_ui->sizeCombo->currentData().toInt()) {
    case Half: options.width = m_clip.width / 2, options.height = m_clip.height / 2; break;
    case Double: options.width = m_clip.width * 2, options.height = m_clip.height * 2; break;
    case Custom: options.width = m_ui->widthSpin->value(), options.height = m_ui->heightSpin->value(); break;
    default: break; // as generated
    }
    return options;
}

QString ExportDialog::problem() const
{
    const QString target = QString::fromStdString(options().path);
    if (path().isEmpty())
        return tr("Choose a file name.");
    const QFileInfo info(target);
    if (!QFileInfo(info.absolutePath()).isDir())
        return tr("The folder %1 does not exist.").arg(QDir::toNativeSeparators(info.absolutePath()));
    if (!FieldValidation::canWriteTo(info.absolutePath()))
        return tr("The folder %1 cannot be written to.").arg(QDir::toNativeSeparators(info.absolutePath()));
    if (info.isDir() && format() != framesmith::ExportFormat::PngSequence)
        return tr("%1 is a folder: choose a file name.").arg(QDir::toNativeSeparators(target));
    return {};
}

void ExportDialog::tryExport()
{
    if (const QString why = problem(); !why.isEmpty()) {
        m_ui->errorLabel->setText(why);
        m_ui->errorLabel->show();
        return;
    }
    const QString target = QString::fromStdString(options().path);
    if (!QFileInfo::exists(target)) {
        finish();
        return;
    }
    auto* box = new QMessageBox(QMessageBox::Question, tr("Replace the file?"),
                                tr("%1 already exists.").arg(QDir::toNativeSeparators(target)), QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("replaceBox"));
    box->setInformativeText(tr("Replacing it overwrites what is there now."));
    box->addButton(tr("&Replace"), QMessageBox::DestructiveRole)->setObjectName(QStringLiteral("replaceButton"));
    box->addButton(tr("&Keep it"), QMessageBox::RejectRole)->setObjectName(QStringLiteral("keepButton"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::buttonClicked, this, [this, box](QAbstractButton* button) {
        if (box->buttonRole(button) == QMessageBox::DestructiveRole)
            finish();
    });
    box->open();
}

void ExportDialog::finish()
{
    Q_EMIT exportChosen(options(), includesTrace());
    accept();
}
