#pragma once
// Generate > Keep VRAM Free…: the app-wide VRAM headroom (AppSettings::vramHeadroomMb), asked in
// a small dialog and kept in the settings. Every run and forecast then plans inside it
// (VramHeadroom::applied); a preset may keep more (its "Keep free on every GPU"). GUI thread.
#include <QObject>

class AppSettings;
class QAction;
class QInputDialog;
class QMenu;

class VramHeadroomAction : public QObject {
    Q_OBJECT

public:
    // The action is appended to `menu`; the settings must outlive this object.
    VramHeadroomAction(QMenu* menu, AppSettings& settings, QWidget* dialogParent);

    QAction* action() const { return m_action; }

Q_SIGNALS:
    void headroomChanged(int mb);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override; // the menu's LanguageChange

private:
    void retranslate();
    void ask();

    AppSettings& m_settings;
    QWidget* m_dialogParent;
    QAction* m_action = nullptr;
};
