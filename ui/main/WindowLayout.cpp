#include "ui/main/WindowLayout.h"

#include "ui/settings/AppSettings.h"
#include "ui_MainWindow.h"

#include <QDockWidget>
#include <QGuiApplication>
#include <QMainWindow>
#include <QScreen>
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
    fitToScreen(window);
}

void WindowLayout::fitToScreen(QMainWindow& window)
{
    const QScreen* screen = window.screen() ? window.screen() : QGuiApplication::primaryScreen();
    if (!screen || window.isMaximized() || window.isFullScreen())
        return;
    // Logical pixels: at QT_SCALE_FACTOR=1.5 a 1600 × 1000 screen holds 1066 × 666, and a size saved
    // at another scale (or the 800 × 600 minimum) may not fit it.
    const QRect available = screen->availableGeometry();
    const QSize frame = window.frameGeometry().size() - window.geometry().size(); // 0 before the first show
    const QSize room = (available.size() - frame).expandedTo(QSize(1, 1));
    window.setMinimumSize(kMinimumSize.boundedTo(room));
    if (window.width() > room.width() || window.height() > room.height())
        window.resize(window.size().boundedTo(room));
    QRect placed = window.frameGeometry();
    if (!available.contains(placed)) {
        placed.moveLeft(qBound(available.left(), placed.left(), available.right() - placed.width() + 1));
        placed.moveTop(qBound(available.top(), placed.top(), available.bottom() - placed.height() + 1));
        window.move(placed.topLeft());
    }
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
