#pragma once
// The render queue in the main window: the Queue dock (QueuePanel over a RenderQueue), "Add to
// queue" (button beside Generate, Generate > Add to queue, Ctrl+Shift+Return), "Variations…" and
// View > Queue. What it needs of the form comes in as functions, so the window stays the only one
// that knows the form. GUI thread only.
#include "framesmith/GenerationRequest.h"

#include <QObject>

#include <functional>

class AppSettings;
class ClipShelf;
class GenerationController;
class QAction;
class QDockWidget;
class QMainWindow;
class QPushButton;
class QueuePanel;
class RenderQueue;
class RunLauncher;

class QueueDock : public QObject {
    Q_OBJECT

public:
    struct Form {
        std::function<framesmith::GenerationRequest()> request;
        std::function<void(const framesmith::GenerationRequest&)> setRequest;
        std::function<QString()> modelName;
        std::function<qint64(const framesmith::GenerationRequest&)> plannedPeakBytes; // 0: unknown
    };

    // None is owned; all must outlive the dock.
    QueueDock(QMainWindow* window, GenerationController* controller, RunLauncher* launcher, ClipShelf* shelf,
              AppSettings& settings, Form form);
    void bind(QAction* addToQueue, QAction* showQueue, QPushButton* queueButton);

    RenderQueue* queue() const { return m_queue; }
    QueuePanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    void setRoot(const QString& root);
    // Whether the form's request may be queued (a checked model, valid fields), and why not.
    void setAvailable(bool canQueue, const QString& why);
    void addFromForm();
    void openVariations();
    void retranslate();

Q_SIGNALS:
    void statusMessage(const QString& text);

private:
    void add(const QVector<framesmith::GenerationRequest>& requests);

    QMainWindow* m_window;
    ClipShelf* m_shelf;
    Form m_form;
    RenderQueue* m_queue;
    QueuePanel* m_panel;
    QDockWidget* m_dock;
    QAction* m_addAction = nullptr;
    QPushButton* m_queueButton = nullptr;
    bool m_canQueue = false;
};
