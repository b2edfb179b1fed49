#include "ui/WindowLayout.h"

#include "ui/AppSettings.h"
#include "ui_MainWindow.h"

#include <QIcon>
#include <QMainWindow>
#include <QRegularExpressionValidator>
#include <QSplitter>

void WindowLayout::applyDefaults(Ui::MainWindow& ui)
{
    ui.seedEdit->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,20}")), ui.seedEdit));
    ui.generateButton->setIcon(QIcon(QStringLiteral(":/icons/generate.svg")));
    ui.cancelButton->setIcon(QIcon(QStringLiteral(":/icons/cancel.svg")));
    // Defaults until the user's own splitter positions are restored.
    ui.mainSplitter->setSizes({430, 400});
    ui.topSplitter->setSizes({900, 380});
    ui.bottomSplitter->setSizes({560, 720});
    ui.inputLayout->setStretch(0, 1);
    ui.startImageArea->setMaximumHeight(180);
}

void WindowLayout::restore(const AppSettings& settings, QMainWindow& window, QSplitter& mainSplitter,
                           QSplitter& topSplitter)
{
    window.restoreGeometry(settings.windowGeometry());
    window.restoreState(settings.windowState());
    mainSplitter.restoreState(settings.splitterState(QStringLiteral("main")));
    topSplitter.restoreState(settings.splitterState(QStringLiteral("top")));
}

void WindowLayout::save(AppSettings& settings, const QMainWindow& window, const QSplitter& mainSplitter,
                        const QSplitter& topSplitter)
{
    settings.setWindowGeometry(window.saveGeometry());
    settings.setWindowState(window.saveState());
    settings.setSplitterState(QStringLiteral("main"), mainSplitter.saveState());
    settings.setSplitterState(QStringLiteral("top"), topSplitter.saveState());
}
