#pragma once
// Keeps the mouse wheel for scrolling: a spin box, combo box or slider under the pointer changes
// its value only once it has the keyboard focus (a click or Tab), so scrolling a long form never
// turns Guidance 6 into 4 on the way. Unfocused, the wheel goes on to the scroll area. GUI thread.
#include <QObject>

class QWidget;

class WheelGuard : public QObject {
    Q_OBJECT

public:
    // Guards every spin box, combo box and slider inside `root` (present now); owned by root.
    static WheelGuard* install(QWidget* root);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    explicit WheelGuard(QObject* parent) : QObject(parent) {}
};
