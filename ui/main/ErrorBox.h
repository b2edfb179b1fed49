#pragma once
// A window-modal, non-blocking warning (open(), never exec()): the event loop keeps running while
// the user reads why something failed. objectName "errorBox". An optional action button (e.g.
// "Decode again…", objectName "errorActionButton") runs `action` after the box closes.
// GUI thread only.
#include <QString>

#include <functional>

class QMessageBox;
class QWidget;

namespace ErrorBox {
QMessageBox* show(QWidget* parent, const QString& title, const QString& message, const QString& detail,
                  const QString& actionText = {}, std::function<void()> action = {});
} // namespace ErrorBox
