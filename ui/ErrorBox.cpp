#include "ui/ErrorBox.h"

#include <QMessageBox>

namespace ErrorBox {

void show(QWidget* parent, const QString& title, const QString& message, const QString& detail)
{
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("errorBox"));
    box->setInformativeText(detail);
    box->setDetailedText(detail);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace ErrorBox
