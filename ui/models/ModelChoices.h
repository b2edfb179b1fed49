#pragma once
// The model box's list: every model found on this machine (framesmith::findModels: the demo model,
// the Hugging Face and ModelScope caches, folders the user opened), looked up in the background,
// with "Other folder…" at the end for Browse. With no model chosen it offers the demo model and
// makes it when absent (random weights, seconds on a CPU; as scripts/run-app.sh does). GUI thread.
#include <QObject>
#include <QString>
#include <QStringList>

class AppSettings;
class BackgroundTasks;
class QComboBox;
class QPushButton;

class ModelChoices : public QObject {
    Q_OBJECT

public:
    // combo and demoButton are not owned (they live in the PromptPanel); settings outlives this.
    ModelChoices(QComboBox* combo, QPushButton* demoButton, AppSettings& settings, QObject* parent = nullptr);

    void refresh(); // looks again (in the background); listed() follows
    // The folder the form uses now: selected in the list when listed; "" shows the demo offer.
    void setCurrentFolder(const QString& folder);
    // A folder the user opened that is a model: listed from now on (and after a restart).
    void remember(const QString& folder);
    void useDemo(); // opens the demo model, making it first when absent
    QStringList folders() const; // the listed models' folders, in list order
    bool isBusy() const;

Q_SIGNALS:
    void folderChosen(const QString& folder); // the user picked a listed model (or the demo is ready)
    void browseRequested();                   // "Other folder…"
    void listed();                            // the list was filled again
    void demoFailed(const QString& message, const QString& detail);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Entry {
        QString folder, label, tooltip;
    };
    void fill(const QList<Entry>& entries);
    void onActivated(int index);
    void selectCurrent();
    void retranslate();

    QComboBox* m_combo;
    QPushButton* m_demoButton;
    AppSettings& m_settings;
    BackgroundTasks* m_tasks;
    QString m_current;
    bool m_isMakingDemo = false;
    int m_lookups = 0; // look-ups in flight
};
