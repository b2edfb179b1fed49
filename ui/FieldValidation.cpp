#include "ui/FieldValidation.h"

#include "ui_MainWindow.h"

#include <QCoreApplication>

namespace {

QString trMainWindow(const char* text)
{
    return QCoreApplication::translate("MainWindow", text);
}

const char* const kCheckedFields[] = {"frameCount", "fps", "width", "height", "steps", "guidanceScale", "seed", "startImage"};

} // namespace

QString FieldValidation::fieldLabel(const std::string& field)
{
    if (field == "frameCount") return QCoreApplication::translate("MainWindow", "Frames");
    if (field == "fps") return QCoreApplication::translate("MainWindow", "FPS");
    if (field == "width") return QCoreApplication::translate("MainWindow", "Width");
    if (field == "height") return QCoreApplication::translate("MainWindow", "Height");
    if (field == "steps") return QCoreApplication::translate("MainWindow", "Steps");
    if (field == "guidanceScale") return QCoreApplication::translate("MainWindow", "Guidance");
    if (field == "seed") return QCoreApplication::translate("MainWindow", "Seed");
    if (field == "startImage") return QCoreApplication::translate("MainWindow", "Start image");
    return QString::fromStdString(field);
}

QWidget* FieldValidation::fieldWidget(const std::string& field) const
{
    if (field == "frameCount") return m_ui.frameCountLabel;
    if (field == "fps") return m_ui.fpsLabel;
    if (field == "width") return m_ui.widthLabel;
    if (field == "height") return m_ui.heightLabel;
    if (field == "steps") return m_ui.stepsLabel;
    if (field == "guidanceScale") return m_ui.guidanceLabel;
    if (field == "seed") return m_ui.seedLabel;
    if (field == "startImage") return m_ui.startImageGroup;
    return nullptr;
}

QStringList FieldValidation::messages(const framesmith::GenerationRequest& request,
                                      const framesmith::ParameterSpec& spec) const
{
    QStringList messages;
    for (const auto& error : framesmith::validateRequest(request, spec))
        messages << trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "%1: %2")).arg(fieldLabel(error.field), QString::fromStdString(error.message));
    bool seedIsNumber = false;
    m_ui.seedEdit->text().toULongLong(&seedIsNumber);
    if (!seedIsNumber)
        messages << trMainWindow(QT_TRANSLATE_NOOP("MainWindow", "%1: must be a whole number from 0 to 18446744073709551615")).arg(fieldLabel("seed"));
    return messages;
}

void FieldValidation::markFields(const framesmith::GenerationRequest& request, const framesmith::ParameterSpec& spec) const
{
    for (const char* field : kCheckedFields)
        if (QWidget* widget = fieldWidget(field))
            widget->setStyleSheet(QString());
    for (const auto& error : framesmith::validateRequest(request, spec))
        if (QWidget* widget = fieldWidget(error.field))
            widget->setStyleSheet(QStringLiteral("color: #b3261e; font-weight: bold;"));
}
