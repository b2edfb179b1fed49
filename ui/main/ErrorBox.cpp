#include "ui/main/ErrorBox.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QPushButton>

namespace ErrorBox {

QMessageBox* show(QWidget* parent, const QString& title, const QString& message, const QString& detail,
                  const QString& actionText, std::function<void()> action)
{
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("errorBox"));
    box->setInformativeText(detail);
    box->setDetailedText(detail);
    box->setAttribute(Qt::WA_DeleteOnClose);
    if (!actionText.isEmpty() && action) {
        QPushButton* button = box->addButton(actionText, QMessageBox::ActionRole);
        button->setObjectName(QStringLiteral("errorActionButton"));
        box->setDefaultButton(button);
        // Queued: the action may open a dialog of its own once this box is gone.
        QObject::connect(button, &QPushButton::clicked, box,
                         [action] { QMetaObject::invokeMethod(QCoreApplication::instance(), action, Qt::QueuedConnection); });
    }
    box->open();
    return box;
}

} // namespace ErrorBox
