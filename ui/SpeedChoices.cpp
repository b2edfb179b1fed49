#include "ui/SpeedChoices.h"

#include "framesmith/ModelInfo.h"

#include <QCoreApplication>

#include <cmath>

namespace {

struct Entry {
    const char* id;
    const char* name;
    const char* description;
};

// The order of the brief: the most faithful first; "off" last but the default.
const Entry kEntries[] = {
    {"quality", QT_TRANSLATE_NOOP("SpeedChoices", "Quality"),
     QT_TRANSLATE_NOOP("SpeedChoices", "Skips the later transformer blocks of a step only when the first block's output "
                                       "barely changed since the last full step")},
    {"balanced", QT_TRANSLATE_NOOP("SpeedChoices", "Balanced"),
     QT_TRANSLATE_NOOP("SpeedChoices", "Runs the whole transformer every second step (and the first two and the last); "
                                       "the steps between reuse the later blocks' residual")},
    {"fast", QT_TRANSLATE_NOOP("SpeedChoices", "Fast"),
     QT_TRANSLATE_NOOP("SpeedChoices", "Runs the whole transformer only every third step (and the first two and the "
                                       "last); the steps between reuse the later blocks' residual")},
    {"off", QT_TRANSLATE_NOOP("SpeedChoices", "Off"),
     QT_TRANSLATE_NOOP("SpeedChoices", "Every step runs every block: the exact result")},
};

QString translated(const char* text) { return QCoreApplication::translate("SpeedChoices", text); }

const framesmith::StepCacheFigure* figureFor(const std::vector<framesmith::StepCacheFigure>& figures, const char* id)
{
    for (const framesmith::StepCacheFigure& f : figures)
        if (f.setting == id)
            return &f;
    return nullptr;
}

std::vector<framesmith::StepCacheFigure> figuresOf(const QString& family)
{
    for (const framesmith::ModelFamilyInfo& info : framesmith::modelFamilies())
        if (QString::fromStdString(info.name) == family)
            return info.stepCacheFigures;
    return {};
}

SpeedChoice choiceOf(const Entry& entry, const framesmith::StepCacheFigure* figure)
{
    SpeedChoice choice{QString::fromLatin1(entry.id), translated(entry.name), translated(entry.description)};
    if (figure && !std::isfinite(figure->videoPsnrDb)) { // nothing was skipped on the measured model
        choice.text = QCoreApplication::translate("SpeedChoices", "%1 — measured %2× faster, identical video")
                          .arg(choice.text, QString::number(figure->speedup, 'f', 2));
    } else if (figure) {
        choice.text = QCoreApplication::translate("SpeedChoices", "%1 — measured %2× faster, video %3 dB PSNR")
                          .arg(choice.text, QString::number(figure->speedup, 'f', 2),
                               QString::number(figure->videoPsnrDb, 'f', 1));
    }
    if (figure) {
        choice.toolTip += QStringLiteral("\n") +
                          QCoreApplication::translate("SpeedChoices", "Measured by bench_step_cache on %1 against the "
                                                                      "uncached run with the same seed: the later blocks "
                                                                      "ran in %2 of %3 step passes, final latents differ "
                                                                      "by %4 % (relative L2)")
                              .arg(QString::fromStdString(figure->measuredOn))
                              .arg(figure->computedSteps)
                              .arg(figure->totalSteps)
                              .arg(QString::number(100 * figure->latentRelativeL2, 'f', 2));
    } else if (QLatin1String(entry.id) != QLatin1String("off")) {
        choice.text = QCoreApplication::translate("SpeedChoices", "%1 (not measured for this model family)").arg(choice.text);
    }
    return choice;
}

} // namespace

QVector<SpeedChoice> speedChoices(const QString& family)
{
    const std::vector<framesmith::StepCacheFigure> figures = figuresOf(family);
    QVector<SpeedChoice> choices;
    for (const Entry& entry : kEntries)
        choices.push_back(choiceOf(entry, figureFor(figures, entry.id)));
    return choices;
}
