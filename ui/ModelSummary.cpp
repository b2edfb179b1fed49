#include "ui/ModelSummary.h"

#include "ui_MainWindow.h"

#include <QCoreApplication>

namespace {

const char* const kDemoModelUrl = "https://huggingface.co/THUDM/CogVideoX-2b";

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
    case ModelFolderProbe::State::CogVideoX:
        break;
    }
    const QString kind = model.isImageToVideo ? trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "image-to-video"))
                                              : trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "text-to-video"));
    return trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "CogVideoX %1, %2: frames %3N+1"))
        .arg(model.isVersion15 ? QStringLiteral("1.5") : QStringLiteral("1.0"), kind)
        .arg(model.spec().frameStep);
}

} // namespace

void ModelSummary::show(Ui::MainWindow& ui, const ModelFolderProbe& model)
{
    ui.modelInfoLabel->setText(describe(model));
    ui.demoWarningLabel->setText(
        trMainWindow(QT_TRANSLATE_NOOP("MainWindow",
                                       "<b>Demo model:</b> random weights, the output is noise. Real clips need real "
                                       "weights: <a href=\"%1\">huggingface.co/THUDM/CogVideoX-2b</a>"))
            .arg(QString::fromLatin1(kDemoModelUrl)));
    ui.demoWarningLabel->setStyleSheet(QStringLiteral("color: #8a5a00;"));
    ui.demoWarningLabel->setVisible(model.isDemo);
}
