#pragma once
// The parts of the main window's layout that persist between launches: its geometry, its docks
// and toolbars, and the splitters the user dragged. Kept in AppSettings.
class AppSettings;
class QMainWindow;
class QSplitter;

class WindowLayout {
public:
    static void restore(const AppSettings& settings, QMainWindow& window, QSplitter& mainSplitter, QSplitter& topSplitter);
    static void save(AppSettings& settings, const QMainWindow& window, const QSplitter& mainSplitter,
                     const QSplitter& topSplitter);
};
