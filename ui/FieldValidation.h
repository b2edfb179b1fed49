#pragma once
// Turns the backend's request check into sentences naming the form's fields, and marks the
// refused fields in red. GUI thread only. Strings keep the "MainWindow" translation context.
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"

#include <QStringList>

#include <string>

class QWidget;
namespace Ui {
class MainWindow;
}

class FieldValidation {
public:
    explicit FieldValidation(const Ui::MainWindow& ui) : m_ui(ui) {}

    QStringList messages(const framesmith::GenerationRequest& request, const framesmith::ParameterSpec& spec) const;
    void markFields(const framesmith::GenerationRequest& request, const framesmith::ParameterSpec& spec) const;
    static QString fieldLabel(const std::string& field);

private:
    QWidget* fieldWidget(const std::string& field) const;

    const Ui::MainWindow& m_ui;
};
