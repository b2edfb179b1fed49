#pragma once
// The Queue dock's content: the render queue's jobs (state, thumbnail when done, prompt, preset,
// planned peak) and what can be done with them: move up/down, load into the form, update from the
// form, cancel, pause/resume, variations, clear finished. Reordering, cancelling and pausing act
// on the RenderQueue directly; what needs the form is asked of the window by signals. GUI thread.
#include <QWidget>

#include <functional>

namespace framesmith {
struct GenerationRequest;
}
class QPushButton;
class QTreeWidget;
class RenderQueue;

class QueuePanel : public QWidget {
    Q_OBJECT

public:
    // thumbnailFor(historyId): the History's thumbnail file for a finished job ("" : none).
    QueuePanel(RenderQueue* queue, std::function<QString(const QString&)> thumbnailFor, QWidget* parent = nullptr);

    QTreeWidget* list() const { return m_list; }
    QString selectedId() const; // "" : none
    void select(const QString& id);

Q_SIGNALS:
    void loadRequested(const framesmith::GenerationRequest& request); // into the form
    void updateRequested(const QString& id);                          // the job takes the form's request
    void variationsRequested();
    void farmRequested(); // "Send to farm…": the waiting jobs to a Slurm cluster

protected:
    void changeEvent(QEvent* event) override;

private:
    QPushButton* addButton(const char* objectName);
    void rebuild();
    void updateButtons();
    void retranslate();
    QString stateText(int state) const;

    RenderQueue* m_queue;
    std::function<QString(const QString&)> m_thumbnailFor;
    QTreeWidget* m_list;
    QPushButton* m_up;
    QPushButton* m_down;
    QPushButton* m_load;
    QPushButton* m_update;
    QPushButton* m_cancel;
    QPushButton* m_pause;
    QPushButton* m_variations;
    QPushButton* m_clear;
    QPushButton* m_farm;
};
