#pragma once
// The LoRA panel's place in the main window: a dock ("loraDock", hidden until a LoRA is added or
// View > LoRAs opens it), File > Add LoRA…, drops on the window routed by LoraDropRouter, and the
// panel's refusals and notes shown as the window shows other errors. GUI thread only.
#include <QObject>

class AppSettings;
class ImageDropArea;
class LoraPanel;
class QAction;
class QDockWidget;
class QMainWindow;
class QMenu;

class LoraDock : public QObject {
    Q_OBJECT

public:
    // The add action goes into `fileMenu` before `before`; the toggle at the end of `viewMenu`.
    LoraDock(QMainWindow& window, QMenu* fileMenu, QAction* before, QMenu* viewMenu, ImageDropArea* startImage,
             AppSettings& settings);

    LoraPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    void showIfUsed(); // opens the dock when the panel holds a LoRA (a restored request)

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void retranslate();

    QMainWindow& m_window;
    LoraPanel* m_panel;
    QDockWidget* m_dock;
    QAction* m_addAction;
    QAction* m_toggle;
};
