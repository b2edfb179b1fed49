#include "ui/AboutBox.h"

#include <QCoreApplication>
#include <QMessageBox>

QString AboutBox::text()
{
    return QCoreApplication::translate(
                "AboutBox",
                "<h3>Framesmith %1</h3>"
                "<p>A desktop studio for generating short video clips with CogVideoX on your own GPUs, "
               "with live memory monitoring and memory presets that avoid running out of GPU memory.</p>"
               "<p>Licence: %2.</p>"
               "<p><b>CogVideoX weights are not included.</b> Download a model in diffusers format "
               "(for example THUDM/CogVideoX-2b) and choose its folder; each model has its own licence.</p>"
               "<p>Built with Qt %3, libtorch and QCustomPlot.</p>")
        .arg(QStringLiteral(FRAMESMITH_VERSION), QString::fromLatin1(kLicence), QString::fromLatin1(qVersion()));
}

void AboutBox::show(QWidget* parent)
{
    QMessageBox::about(parent, QCoreApplication::translate("AboutBox", "About Framesmith"), text());
}
