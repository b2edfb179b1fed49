#include "ui/main/AboutBox.h"

#include "framesmith/ModelInfo.h"

#include <QCoreApplication>
#include <QLocale>
#include <QMessageBox>
#include <QStringList>

namespace {

// The families' names as a list ("A, B and C"), and one weights link per family, as the families say.
QString familyNames()
{
    QStringList names;
    for (const framesmith::ModelFamilyInfo& family : framesmith::modelFamilies())
        names << QString::fromStdString(family.displayName);
    return QLocale().createSeparatedList(names);
}

QString weightsLinks()
{
    QStringList links;
    for (const framesmith::ModelFamilyInfo& family : framesmith::modelFamilies())
        links << QStringLiteral("<a href=\"%1\">%1</a>").arg(QString::fromStdString(family.weightsUrl).toHtmlEscaped());
    return links.join(QStringLiteral(", "));
}

} // namespace

QString AboutBox::text()
{
    return QCoreApplication::translate(
                "AboutBox",
                "<h3>Framesmith %1</h3>"
                "<p>A desktop studio for generating short video clips with open video models (%4) on your own "
                "GPUs, with live memory monitoring and memory presets that avoid running out of GPU memory.</p>"
                "<p>Licence: %2.</p>"
                "<p><b>Model weights are not included.</b> Download a model (for example from %5) and choose "
                "its folder; each model has its own licence.</p>"
                "<p>Built with Qt %3, libtorch and QCustomPlot.</p>")
        .arg(QStringLiteral(FRAMESMITH_VERSION), QString::fromLatin1(kLicence), QString::fromLatin1(qVersion()),
             familyNames(), weightsLinks());
}

void AboutBox::show(QWidget* parent)
{
    QMessageBox::about(parent, QCoreApplication::translate("AboutBox", "About Framesmith"), text());
}
