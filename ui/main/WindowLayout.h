#pragma once
// The parts of the main window's layout that persist between launches (geometry, docks,
// splitters, kept in AppSettings) and the rules that keep it usable: a minimum size at which
// every field keeps its room (800×600), and a restored History dock that never takes most of the
// window. GUI thread only.
#include <QSize>

class AppSettings;
class QDockWidget;
class QMainWindow;
namespace Ui {
class MainWindow;
}

class WindowLayout {
public:
    static constexpr QSize kMinimumSize{800, 600};
    static constexpr double kMaxDockShare = 0.4; // of the window's width
    static constexpr double kDefaultDockShare = 0.25;

    // The first-launch look the .ui form cannot say: minimum size, splitter shares.
    static void applyDefaults(Ui::MainWindow& ui, QMainWindow& window);
    static void restore(const AppSettings& settings, QMainWindow& window, Ui::MainWindow& ui);
    static void save(AppSettings& settings, const QMainWindow& window, const Ui::MainWindow& ui);
    // Shrinks and moves the window (and its minimum size) into its screen's available area.
    static void fitToScreen(QMainWindow& window);
    // A docked dock wider than kMaxDockShare of the window goes back to kDefaultDockShare.
    static void keepDockSane(QMainWindow& window, QDockWidget& dock);
};
