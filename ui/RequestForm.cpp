#include "ui/RequestForm.h"

#include "ui/ModelSummary.h"
#include "ui/PresetChoices.h"
#include "ui_MainWindow.h"

#include <QCoreApplication>

#include <algorithm>

namespace {

QString trMainWindow(const char* text)
{
    return QCoreApplication::translate("MainWindow", text);
}

} // namespace

void RequestForm::populateChoices(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec)
{
    const QString preset = ui.presetCombo->currentData().toString();
    const QString scheduler = ui.schedulerCombo->currentData().toString();
    ui.presetCombo->clear();
    for (const PresetChoice& choice : builtInPresetChoices()) {
        ui.presetCombo->addItem(choice.name, choice.id);
        ui.presetCombo->setItemData(ui.presetCombo->count() - 1, choice.description, Qt::ToolTipRole);
    }
    const QVector<PresetChoice> own = userPresetChoices();
    if (!own.isEmpty())
        ui.presetCombo->insertSeparator(ui.presetCombo->count());
    for (const PresetChoice& choice : own) {
        ui.presetCombo->addItem(choice.name, choice.id);
        ui.presetCombo->setItemData(ui.presetCombo->count() - 1, choice.description, Qt::ToolTipRole);
    }
    ui.schedulerCombo->clear();
    // "": the model's own sampler; the others are the ones its family offers (technical names, as is).
    ui.schedulerCombo->addItem(trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "Model default")), QString());
    for (const framesmith::SchedulerOption& option : spec.schedulers) {
        ui.schedulerCombo->addItem(QString::fromStdString(option.label), QString::fromStdString(option.id));
        ui.schedulerCombo->setItemData(ui.schedulerCombo->count() - 1, QString::fromStdString(option.summary),
                                       Qt::ToolTipRole);
    }
    ui.presetCombo->setCurrentIndex(std::max(0, ui.presetCombo->findData(preset)));
    ui.schedulerCombo->setCurrentIndex(std::max(0, ui.schedulerCombo->findData(scheduler)));
}

framesmith::GenerationRequest RequestForm::read(const Ui::MainWindow& ui)
{
    framesmith::GenerationRequest r;
    r.modelPath = ui.modelFolderEdit->text().trimmed().toStdString();
    r.prompt = ui.promptEdit->toPlainText().toStdString();
    r.negativePrompt = ui.negativePromptEdit->toPlainText().toStdString();
    r.startImagePath = ui.startImageArea->imagePath().toStdString();
    r.frameCount = ui.frameCountSpin->value();
    r.fps = ui.fpsSpin->value();
    r.width = ui.widthSpin->value();
    r.height = ui.heightSpin->value();
    r.steps = ui.stepsSpin->value();
    r.guidanceScale = ui.guidanceSpin->value();
    r.seed = ui.seedEdit->text().toULongLong();
    r.scheduler = ui.schedulerCombo->currentData().toString().toStdString();
    r.preset = ui.presetCombo->currentData().toString().toStdString();
    return r;
}

void RequestForm::write(Ui::MainWindow& ui, const framesmith::GenerationRequest& r)
{
    ui.promptEdit->setPlainText(QString::fromStdString(r.prompt));
    ui.negativePromptEdit->setPlainText(QString::fromStdString(r.negativePrompt));
    if (!ui.startImageArea->setImagePath(QString::fromStdString(r.startImagePath)))
        ui.startImageArea->clear(); // a moved or deleted image: start without it, say so
    ui.frameCountSpin->setValue(r.frameCount);
    ui.fpsSpin->setValue(r.fps);
    ui.widthSpin->setValue(r.width);
    ui.heightSpin->setValue(r.height);
    ui.stepsSpin->setValue(r.steps);
    ui.guidanceSpin->setValue(r.guidanceScale);
    ui.seedEdit->setText(QString::number(r.seed));
    const int scheduler = ui.schedulerCombo->findData(QString::fromStdString(r.scheduler));
    ui.schedulerCombo->setCurrentIndex(std::max(0, scheduler));
    const int preset = ui.presetCombo->findData(QString::fromStdString(r.preset));
    ui.presetCombo->setCurrentIndex(preset >= 0 ? preset : ui.presetCombo->findData(QStringLiteral("auto")));
}

void RequestForm::adoptModel(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec, const QString& previousFamily)
{
    applyLimits(ui, spec);
    const QString family = QString::fromStdString(spec.family);
    if (!family.isEmpty() && !previousFamily.isEmpty() && family != previousFamily)
        applyDefaults(ui, spec);
}

void RequestForm::applyLimits(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec)
{
    ui.frameCountSpin->setRange(spec.frames.minimum(), spec.frames.maximum());
    ui.frameCountSpin->setSingleStep(spec.frames.stepAt(ui.frameCountSpin->value()));
    ui.frameCountSpin->setToolTip(trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "Frame counts this model accepts: %1"))
                                      .arg(ModelSummary::frameRuleText(spec.frames)));
    for (QSpinBox* size : {ui.widthSpin, ui.heightSpin}) {
        size->setRange(spec.minSize, spec.maxSize);
        size->setSingleStep(spec.sizeMultiple);
    }
    ui.stepsSpin->setMaximum(spec.maxSteps);
    ui.negativePromptEdit->setEnabled(spec.supportsNegativePrompt);
    ui.negativePromptEdit->setToolTip(
        spec.supportsNegativePrompt
            ? QString()
            : trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "This model guides with its own empty caption: no negative prompt")));
}

void RequestForm::applyDefaults(Ui::MainWindow& ui, const framesmith::ParameterSpec& spec)
{
    ui.widthSpin->setValue(spec.defaultWidth);
    ui.heightSpin->setValue(spec.defaultHeight);
    ui.frameCountSpin->setValue(spec.defaultFrames);
    ui.fpsSpin->setValue(spec.defaultFps);
    ui.stepsSpin->setValue(spec.defaultSteps);
    ui.guidanceSpin->setValue(spec.defaultGuidanceScale);
    ui.schedulerCombo->setCurrentIndex(0);
}
