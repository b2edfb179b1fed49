#pragma once
// Frees the warm engine's model when the user wants the memory back: Generate > Unload model (on
// while a model is loaded) and after AppSettings::idleUnloadMinutes() without a run. The unload
// itself runs on the worker thread (GenerationController::unloadModel); the status bar says when
// the memory is free, and the memory graph shows it falling. GUI thread only.
#include <QObject>

class AppSettings;
class GenerationController;
class QAction;
class QMenu;
class QStatusBar;

class ModelUnloader : public QObject {
    Q_OBJECT

public:
    // None is owned; all must outlive this object. The action is appended to `menu`.
    ModelUnloader(GenerationController* controller, QMenu* menu, QStatusBar* statusBar, const AppSettings& settings,
                  QObject* parent = nullptr);

    QAction* action() const { return m_action; }

protected:
    bool eventFilter(QObject* watched, QEvent* event) override; // the menu's LanguageChange

private:
    void retranslate();
    void onLoadedModelChanged(bool isLoaded, qint64 heldBytes);

    GenerationController* m_controller;
    QStatusBar* m_statusBar;
    QAction* m_action = nullptr;
    qint64 m_heldBytes = 0;
};
