#include "ui/ModelSummary.h"

#include "ui_MainWindow.h"

#include <QCoreApplication>
#include <QUrl>

namespace {

QString trMainWindow(const char* text)
{
    return QCoreApplication::translate("MainWindow", text);
}

QString describe(const ModelFolderProbe& model)
{
    switch (model.state) {
    case ModelFolderProbe::State::NoFolder:
        return trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "No model folder chosen"));
    case ModelFolderProbe::State::NotAModel:
        return trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "Not a model folder: %1")).arg(model.problem);
    case ModelFolderProbe::State::Model:
        break;
    }
    const QString kind = model.isImageToVideo ? trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "image-to-video"))
                                              : trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "text-to-video"));
    return trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "%1, %2: frames %3"))
        .arg(model.displayName, kind, ModelSummary::frameRuleText(model.spec().frames));
}

// One run of the rule: "8N+1 (9–161)", "17–408", "1".
QString runText(const framesmith::FrameRun& run)
{
    if (run.first == run.last)
        return QString::number(run.first);
    const QString range = trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "%1–%2")).arg(run.first).arg(run.last);
    if (run.step <= 1)
        return range;
    return trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "%1N+%2 (%3)")).arg(run.step).arg(run.first % run.step).arg(range);
}

} // namespace

QString ModelSummary::frameRuleText(const framesmith::FrameCountRule& rule)
{
    QStringList runs;
    for (const framesmith::FrameRun& run : rule.runs)
        runs << runText(run);
    return runs.join(trMainWindow(QT_TRANSLATE_NOOP("MainWindow", " or ")));
}

void ModelSummary::show(Ui::MainWindow& ui, const ModelFolderProbe& model)
{
    ui.modelInfoLabel->setText(describe(model));
    const QString url = model.weightsUrl;
    ui.demoWarningLabel->setText(
        trMainWindow(QT_TRANSLATE_NOOP("MainWindow",
                                       "<b>Demo model:</b> random weights, the output is noise. Real clips need real "
                                       "weights: <a href=\"%1\">%2</a>"))
            .arg(url, QUrl(url).host() + QUrl(url).path()));
    ui.demoWarningLabel->setStyleSheet(QStringLiteral("color: #8a5a00;"));
    ui.demoWarningLabel->setVisible(model.isDemo);
}
