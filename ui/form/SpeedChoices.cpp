#include "ui/form/SpeedChoices.h"

#include "framesmith/ModelInfo.h"

#include <QCoreApplication>
#include <QLocale>

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

// A measured speed-up in an artist's words: below 5 % it is noise on a shared machine, and a
// measured 0.94x is slower, so neither is ever called "faster".
QString speedWords(double speedup)
{
    if (speedup < SpeedChoices::kNoFasterBelow)
        return QCoreApplication::translate("SpeedChoices", "no faster on this machine");
    return QCoreApplication::translate("SpeedChoices", "about %1× faster").arg(QLocale().toString(speedup, 'f', 1));
}

// The decoded video against the uncached run, in words: PSNR (dB) means little to an artist.
QString changeWords(double videoPsnrDb)
{
    if (!std::isfinite(videoPsnrDb))
        return QCoreApplication::translate("SpeedChoices", "identical video");
    if (videoPsnrDb >= 40)
        return QCoreApplication::translate("SpeedChoices", "no visible change");
    if (videoPsnrDb >= 30)
        return QCoreApplication::translate("SpeedChoices", "small changes in detail");
    if (videoPsnrDb >= 20)
        return QCoreApplication::translate("SpeedChoices", "visible changes in detail");
    return QCoreApplication::translate("SpeedChoices", "large changes");
}

SpeedChoice choiceOf(const Entry& entry, const framesmith::StepCacheFigure* figure)
{
    SpeedChoice choice{QString::fromLatin1(entry.id), translated(entry.name), translated(entry.description)};
    if (figure) {
        choice.text = QCoreApplication::translate("SpeedChoices", "%1 — %2, %3")
                          .arg(choice.text, speedWords(figure->speedup), changeWords(figure->videoPsnrDb));
        // The figures behind the words, for whoever wants them.
        const QString psnr = std::isfinite(figure->videoPsnrDb)
                                 ? QCoreApplication::translate("SpeedChoices", "video PSNR %1 dB")
                                       .arg(QLocale().toString(figure->videoPsnrDb, 'f', 1))
                                 : QCoreApplication::translate("SpeedChoices", "video identical");
        choice.toolTip += QStringLiteral("\n") +
                          QCoreApplication::translate("SpeedChoices", "Measured by bench_step_cache on %1 against the "
                                                                      "uncached run with the same seed: denoising took "
                                                                      "%2× the speed, %3, the later blocks ran in %4 of "
                                                                      "%5 step passes, final latents differ by %6 % "
                                                                      "(relative L2)")
                              .arg(QString::fromStdString(figure->measuredOn))
                              .arg(QLocale().toString(figure->speedup, 'f', 2))
                              .arg(psnr)
                              .arg(figure->computedSteps)
                              .arg(figure->totalSteps)
                              .arg(QLocale().toString(100 * figure->latentRelativeL2, 'f', 2));
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
