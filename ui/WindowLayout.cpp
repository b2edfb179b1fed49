#include "ui/WindowLayout.h"

#include "ui/AppSettings.h"

#include <QMainWindow>
#include <QSplitter>

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
