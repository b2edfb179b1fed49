#pragma once
// A window-modal, non-blocking warning (open(), never exec()): the event loop keeps running while
// the user reads why something failed. objectName "errorBox". GUI thread only.
#include <QString>

class QWidget;

namespace ErrorBox {
void show(QWidget* parent, const QString& title, const QString& message, const QString& detail);
} // namespace ErrorBox
