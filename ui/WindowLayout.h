#pragma once
// The parts of the main window's layout that persist between launches: its geometry, its docks
// and toolbars, and the splitters the user dragged. Kept in AppSettings.
class AppSettings;
class QMainWindow;
class QSplitter;
namespace Ui {
class MainWindow;
}

class WindowLayout {
public:
    // The first-launch look the .ui form cannot say: splitter shares that give the graph real room,
    // icons from the resources, the seed field's validator.
    static void applyDefaults(Ui::MainWindow& ui);
    static void restore(const AppSettings& settings, QMainWindow& window, QSplitter& mainSplitter, QSplitter& topSplitter);
    static void save(AppSettings& settings, const QMainWindow& window, const QSplitter& mainSplitter,
                     const QSplitter& topSplitter);
};
