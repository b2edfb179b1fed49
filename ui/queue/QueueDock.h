#pragma once
// The render queue in the main window: the Queue dock (QueuePanel over a RenderQueue), "Add to
// queue" (button beside Generate, Generate > Add to queue, Ctrl+Shift+Return), "Variations…" and
// View > Queue. It reads and writes the form through the window's own request()/setRequest(), and
// plans each job's peak as the forecast does. GUI thread only.
#include "framesmith/GenerationRequest.h"
#include "ui/memory/MemoryFigures.h"

#include <QObject>
#include <QStringList>

class AppSettings;
class ClipShelf;
class FarmSender;
class GenerationController;
class MainWindow;
class QAction;
class QDockWidget;
class QMainWindow;
class QPushButton;
class QueuePanel;
class RenderQueue;
class RunLauncher;
namespace framesmith {
class VramMonitor;
}

class QueueDock : public QObject {
    Q_OBJECT

public:
    // None is owned; all must outlive the dock (the window owns it).
    QueueDock(MainWindow& window, const framesmith::VramMonitor& monitor, GenerationController* controller,
              RunLauncher* launcher, ClipShelf* shelf, AppSettings& settings);
    void bind(QAction* addToQueue, QAction* showQueue, QPushButton* queueButton);

    RenderQueue* queue() const { return m_queue; }
    QueuePanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    void setRoot(const QString& root);
    // Whether the form's request may be queued (a checked model, valid fields), and why not.
    void setAvailable(bool canQueue, const QString& why);
    void addFromForm();
    void openVariations();
    void openFarm(); // "Send queue to farm…": the waiting jobs to Slurm
    void retranslate();

Q_SIGNALS:
    void statusMessage(const QString& text);

private:
    void add(const QVector<framesmith::GenerationRequest>& requests);
    MemoryFigures::Peaks plannedPeaks(const framesmith::GenerationRequest& request) const; // empty: unknown

    void onFarmSent(const QString& arrayId);
    void onFarmFailed(const QString& message);

    MainWindow& m_window;
    AppSettings& m_settings;
    const framesmith::VramMonitor& m_monitor;
    ClipShelf* m_shelf;
    RenderQueue* m_queue;
    QueuePanel* m_panel;
    QDockWidget* m_dock;
    FarmSender* m_farmSender;
    QStringList m_farmIds; // the jobs of the submission under way
    QAction* m_addAction = nullptr;
    QPushButton* m_queueButton = nullptr;
    bool m_canQueue = false;
};
