#pragma once
// File > Download models…: opens the ModelDownloadDialog (one at a time, not modal, so the window
// stays usable while a model downloads) and passes on the model the user opens from it.
// GUI thread only.
#include <QObject>
#include <QPointer>

class ModelDownloadDialog;
class QAction;
class QMenu;
class QWidget;

class ModelDownloadMenu : public QObject {
    Q_OBJECT

public:
    // The action goes into `menu` before `before` (appended when null); `window` parents the dialog.
    ModelDownloadMenu(QMenu* menu, QAction* before, QWidget* window);

    QAction* action() const { return m_action; }
    ModelDownloadDialog* dialog() const; // the open dialog, or null
    void open();

Q_SIGNALS:
    void modelChosen(const QString& folder);
    void downloadFinished(const QString& folder);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override; // the menu's LanguageChange

private:
    void retranslate();

    QWidget* m_window;
    QAction* m_action;
    QPointer<ModelDownloadDialog> m_dialog;
};
