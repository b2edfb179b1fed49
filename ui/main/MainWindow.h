#pragma once
// The main window: the request form (PromptPanel, ParametersPanel, the LoRA dock), the preview player, the live
// memory graph and the history of past clips. It turns the form into a framesmith::GenerationRequest
// and back, refuses impossible values naming the field (the engine's own rules), enables Generate
// only for a model whose files were all checked, and runs generations through the
// GenerationController (never blocking). Nothing is lost without a question: loading from the
// history can be undone, closing during a run asks, exports never replace a file unasked.
// GUI thread only.
#include "framesmith/GenerationRequest.h"
#include "ui/models/ModelFolderProbe.h"

#include <QMainWindow>
#include <QStringList>

#include <memory>

namespace framesmith {
struct ExportOptions;
struct GenerationResult;
class VramMonitor;
}

class AppSettings;
class AppTranslator;
class ClipShelf;
class FormRecovery;
class GenerationController;
struct HistoryEntry;
class HistoryPanel;
class LoraDock;
class LoraPanel;
class MemoryDisplay;
class ModelChoices;
class ModelSession;
class ParametersPanel;
class PreviewPlayer;
class PromptPanel;
class QueueDock;
class QDockWidget;
class RunControls;
class RunLauncher;
class RunPresenter;
class RunQuitGuard;
class RunStateMachine;
class TokenCounter;
class UserPresetActions;
class VramGraph;
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
    const ModelFolderProbe& model() const;
    bool isModelReady() const { return model().isReady(); }
    QString modelName() const; // for the history and the queue: the model's name, else its folder's

    // Why the current request cannot run, one translated line per broken field; empty if valid.
    QStringList validationMessages() const;
    // Where history entries and auto-saved clips go (default: framesmith::dataRoot()).
    void setHistoryRoot(const QString& root);
    void exportClipTo(const framesmith::ExportOptions& options); // in the background
    bool hasClip() const;
    void undoHistoryLoad();

    VramGraph* memoryGraph() const;
    PreviewPlayer* previewPlayer() const;
    PromptPanel* promptPanel() const;
    ParametersPanel* parametersPanel() const;
    GenerationController* generationController() const { return m_controller; }
    RunPresenter* runPresenter() const { return m_presenter; }
    RunStateMachine* runState() const { return m_runState; }
    RunControls* runControls() const { return m_runControls; }
    RunQuitGuard* quitGuard() const { return m_quitGuard; }
    FormRecovery* formRecovery() const { return m_recovery; }
    LoraPanel* loraPanel() const;
    LoraDock* loraDock() const { return m_loras; }
    ClipShelf* clipShelf() const { return m_shelf; }
    ModelChoices* modelChoices() const;
    UserPresetActions* presetActions() const { return m_presetActions; }
    HistoryPanel* historyPanel() const;
    QDockWidget* historyDock() const { return m_historyDock; }
    QueueDock* queueDock() const { return m_queueDock; }
    QString forecastText() const;

Q_SIGNALS:
    void clipShown(int frameCount);          // a finished or history clip is in the player
    void exportFinished(const QString& error); // empty: written
    void historyChanged();
    void modelChecked(); // the complete check of the model folder ended (isModelReady() says how)

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void setUpActions();
    void connectPanels();
    void retranslateDynamic();

    void onModelOpened(const QString& previousFamily, bool isNewFolder);
    void onModelChecked();
    void onFieldsChanged();
    void updateGenerateAvailability(const QStringList& problems);
    void updateRunState();
    void updateForecast();
    void onGenerateTriggered();
    void onHistoryEntryChosen(const HistoryEntry& entry);
    void onModelBrowseClicked();
    void showStatus(const QString& text);
    void showError(const QString& title, const QString& message, const QString& detail);

    std::unique_ptr<Ui::MainWindow> m_ui;
    AppSettings& m_settings;
    AppTranslator* m_translator;
    std::unique_ptr<framesmith::VramMonitor> m_monitor;
    MemoryDisplay* m_memory = nullptr;
    ModelSession* m_session = nullptr;
    TokenCounter* m_tokens = nullptr;
    GenerationController* m_controller = nullptr;
    RunPresenter* m_presenter = nullptr;
    RunLauncher* m_launcher = nullptr;
    RunStateMachine* m_runState = nullptr;
    RunControls* m_runControls = nullptr;
    RunQuitGuard* m_quitGuard = nullptr;
    FormRecovery* m_recovery = nullptr;
    LoraDock* m_loras = nullptr;
    UserPresetActions* m_presetActions = nullptr;
    ClipShelf* m_shelf = nullptr;
    QDockWidget* m_historyDock = nullptr;
    QueueDock* m_queueDock = nullptr;
};
