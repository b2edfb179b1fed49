#pragma once
// The main window: prompt, start image, model folder, parameters, memory preset, the preview
// player, the live memory graph and the history of past clips. It turns its fields into a
// framesmith::GenerationRequest and back, refuses impossible values naming the field, and runs
// generations through the GenerationController (never blocking). GUI thread only.
#include "framesmith/GenerationRequest.h"
#include "ui/ModelFolderProbe.h"

#include <QMainWindow>
#include <QStringList>

#include <memory>

namespace framesmith {
struct ExportOptions;
}

class AppSettings;
class AppTranslator;
class ClipShelf;
class GenerationController;
class HistoryPanel;
class MemoryDisplay;
class PreviewPlayer;
class QDockWidget;
class RunPresenter;
class VramGraph;
namespace framesmith {
struct GenerationResult;
}
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
    // Where history entries and auto-saved clips go (default: the app-data folder).
    void setHistoryRoot(const QString& root);
    void exportClipTo(const framesmith::ExportOptions& options); // in the background
    bool hasClip() const;

    VramGraph* memoryGraph() const;
    PreviewPlayer* previewPlayer() const;
    GenerationController* generationController() const { return m_controller; }
    RunPresenter* runPresenter() const { return m_presenter; }
    HistoryPanel* historyPanel() const;
    QString forecastText() const;

Q_SIGNALS:
    void clipShown(int frameCount);          // a finished or history clip is in the player
    void exportFinished(const QString& error); // empty: written
    void historyChanged();

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void setUpActions();
    void connectFields();
    void retranslateDynamic();

    void onModelFolderEdited();
    void onModelBrowseClicked();
    void onFieldsChanged();
    void onRandomizeSeedClicked();
    void onGenerateTriggered();
    void onRegenerateRequested(const framesmith::GenerationRequest& request);
    void startRun(const framesmith::GenerationRequest& request);
    void onCancelTriggered();
    void onFinishStageTriggered();
    void onGenerationFinished(const framesmith::GenerationResult& result);
    void onGenerationFailed(const QString& message, const QString& detail);
    void onGenerationCancelled(int stepsCompleted, const QString& detail);
    void onGenerationWarning(const QString& message);
    void updateForecast();
    void updateRunState();
    void showError(const QString& title, const QString& message, const QString& detail);
    void onLanguageChosen(const QString& setting);
    void onAboutTriggered();
    void onCustomizePresetClicked();
    void onStartImageRejected(const QString& path, const QString& reason);

    void updateGenerateAvailability(const QStringList& problems);
    void setUpHistoryDock();

    std::unique_ptr<Ui::MainWindow> m_ui;
    AppSettings& m_settings;
    AppTranslator* m_translator;
    std::unique_ptr<framesmith::VramMonitor> m_monitor;
    MemoryDisplay* m_memory = nullptr;
    ModelFolderProbe m_model;
    GenerationController* m_controller = nullptr;
    RunPresenter* m_presenter = nullptr;
    ClipShelf* m_shelf = nullptr;
    QDockWidget* m_historyDock = nullptr;
    QString m_runHistoryId; // the history id of the run in flight
};
