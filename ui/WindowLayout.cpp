#include "ui/WindowLayout.h"

#include "ui/AppSettings.h"
#include "ui_MainWindow.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QSplitter>

namespace {
const QString kMain = QStringLiteral("main");
const QString kTop = QStringLiteral("top");
const QString kBottom = QStringLiteral("bottom");
} // namespace

void WindowLayout::applyDefaults(Ui::MainWindow& ui, QMainWindow& window)
{
    window.setMinimumSize(kMinimumSize);
    // Defaults until the user's own splitter positions are restored.
    ui.mainSplitter->setSizes({430, 400});
    ui.topSplitter->setSizes({560, 440}); // the parameters need about 400 px
    ui.bottomSplitter->setSizes({560, 720});
    ui.formRestoreBar->hide();
}

void WindowLayout::restore(const AppSettings& settings, QMainWindow& window, Ui::MainWindow& ui)
{
    window.restoreGeometry(settings.windowGeometry());
    window.restoreState(settings.windowState());
    ui.mainSplitter->restoreState(settings.splitterState(kMain));
    ui.topSplitter->restoreState(settings.splitterState(kTop));
    ui.bottomSplitter->restoreState(settings.splitterState(kBottom));
}

void WindowLayout::save(AppSettings& settings, const QMainWindow& window, const Ui::MainWindow& ui)
{
    settings.setWindowGeometry(window.saveGeometry());
    settings.setWindowState(window.saveState());
    settings.setSplitterState(kMain, ui.mainSplitter->saveState());
    settings.setSplitterState(kTop, ui.topSplitter->saveState());
    settings.setSplitterState(kBottom, ui.bottomSplitter->saveState());
}

void WindowLayout::keepDockSane(QMainWindow& window, QDockWidget& dock)
{
    if (dock.isFloating() || dock.isHidden() || window.width() <= 0)
        return;
    if (dock.width() > kMaxDockShare * window.width())
        window.resizeDocks({&dock}, {int(kDefaultDockShare * window.width())}, Qt::Horizontal);
}
