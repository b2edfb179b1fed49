#include "widgets/WheelGuard.h"

#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

WheelGuard* WheelGuard::install(QWidget* root)
{
    auto* guard = new WheelGuard(root);
    QList<QWidget*> fields;
    for (QWidget* w : root->findChildren<QAbstractSpinBox*>())
        fields << w;
    for (QWidget* w : root->findChildren<QComboBox*>())
        fields << w;
    for (QWidget* w : root->findChildren<QAbstractSlider*>())
        if (!w->inherits("QScrollBar"))
            fields << w;
    for (QWidget* field : fields) {
        field->setFocusPolicy(Qt::StrongFocus); // the wheel alone never focuses it
        field->installEventFilter(guard);
    }
    return guard;
}

bool WheelGuard::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Wheel) {
        auto* field = qobject_cast<QWidget*>(watched);
        if (field && !field->hasFocus()) {
            // Ignored and filtered: QApplication passes an ignored wheel event on to the parents.
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}
