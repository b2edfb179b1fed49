#pragma once
// The main window: prompt, start image, model folder, parameters, memory preset and the live
// memory graph. It turns its fields into a framesmith::GenerationRequest and back, and refuses
// impossible values with a message naming the field. GUI thread only.
#include "framesmith/GenerationRequest.h"
#include "ui/ModelFolderProbe.h"

#include <QMainWindow>
#include <QStringList>

#include <memory>

class AppSettings;
class AppTranslator;
class MemoryGraphFeeder;
class QLabel;
class VramGraph;
namespace framesmith {
class VramMonitor;
}
namespace Ui {
class MainWindow;
}

class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    // settings must outlive the window; translator may be null (no live language switch).
    explicit MainWindow(AppSettings& settings, AppTranslator* translator = nullptr, QWidget* parent = nullptr);
    ~MainWindow() override;

    framesmith::GenerationRequest request() const;
    void setRequest(const framesmith::GenerationRequest& request);
    void setModelFolder(const QString& folder);

    // Why the current request cannot run, one translated line per broken field; empty if valid.
    QStringList validationMessages() const;
    // False until the generation engine exists in this build; Generate stays disabled.
    bool isEngineAvailable() const;
    VramGraph* memoryGraph() const;

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void setUpActions();
    void connectFields();
    void populateChoices();
    void retranslateDynamic();
    void restoreWindow();
    void saveWindow();
    void showMemoryLimitations();

    void onModelFolderEdited();
    void onModelBrowseClicked();
    void onFieldsChanged();
    void onRandomizeSeedClicked();
    void onGenerateTriggered();
    void onCancelTriggered();
    void onLanguageChosen(const QString& setting);
    void onAboutTriggered();
    void onStartImageRejected(const QString& path, const QString& reason);

    QString fieldLabel(const std::string& field) const;
    QWidget* fieldWidget(const std::string& field) const;
    void updateGenerateAvailability(const QStringList& problems);

    std::unique_ptr<Ui::MainWindow> m_ui;
    AppSettings& m_settings;
    AppTranslator* m_translator;
    std::unique_ptr<framesmith::VramMonitor> m_monitor;
    MemoryGraphFeeder* m_feeder = nullptr;
    QLabel* m_memoryStatus = nullptr;
    ModelFolderProbe m_model;
};
