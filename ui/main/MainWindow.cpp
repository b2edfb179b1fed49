#include "ui/main/MainWindow.h"

#include "ui_MainWindow.h"

#include "framesmith/DataFolders.h"
#include "framesmith/Engine.h"
#include "framesmith/VramMonitor.h"
#include "ui/form/DemoQuickDefaults.h"
#include "ui/form/FieldValidation.h"
#include "ui/form/FormRecovery.h"
#include "ui/form/StartImageGuard.h"
#include "ui/form/TokenCounter.h"
#include "ui/generation/GenerationController.h"
#include "ui/generation/RunControls.h"
#include "ui/generation/RunLauncher.h"
#include "ui/generation/RunPresenter.h"
#include "ui/generation/RunQuitGuard.h"
#include "ui/generation/RunStateMachine.h"
#include "ui/history/ClipShelf.h"
#include "ui/history/HistoryPanel.h"
#include "ui/loras/LoraDock.h"
#include "ui/loras/LoraPanel.h"
#include "ui/main/AboutBox.h"
#include "ui/main/ErrorBox.h"
#include "ui/main/WindowLayout.h"
#include "ui/memory/MemoryDisplay.h"
#include "ui/memory/VramHeadroom.h"
#include "ui/memory/VramHeadroomAction.h"
#include "ui/models/ModelChoices.h"
#include "ui/models/ModelDownloadMenu.h"
#include "ui/models/ModelSession.h"
#include "ui/models/ModelUnloader.h"
#include "ui/presets/UserPresetActions.h"
#include "ui/queue/QueueDock.h"
#include "ui/queue/RenderQueue.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/AppTranslator.h"
#include "ui/settings/LanguageMenu.h"
#include "widgets/ImageDropArea.h"
#include "widgets/PreviewPlayer.h"
#include "widgets/VramGraph.h"
#include "widgets/WheelGuard.h"

#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QLocale>
#include <QRandomGenerator>
#include <QStatusBar>

namespace {
constexpr int kMemorySampleIntervalMs = 250;
constexpr int kStatusMessageMs = 8000;
} // namespace

MainWindow::MainWindow(AppSettings& settings, AppTranslator* translator, QWidget* parent)
    : QMainWindow(parent), m_ui(std::make_unique<Ui::MainWindow>()), m_settings(settings), m_translator(translator),
      m_monitor(std::make_unique<framesmith::VramMonitor>(kMemorySampleIntervalMs))
{
    // The icons sit in this static library: a static initialiser alone could be dropped by the linker.
    Q_INIT_RESOURCE(framesmith);
    m_ui->setupUi(this);
    setWindowIcon(QIcon(QStringLiteral(":/icons/framesmith.svg")));
    WindowLayout::applyDefaults(*m_ui, *this);
    WheelGuard::install(this); // the wheel scrolls the form; it changes a field only once focused
    m_memory = new MemoryDisplay(m_monitor.get(), m_ui->vramGraph, statusBar(), this);
    m_session = new ModelSession(m_ui->promptPanel, m_settings, this);
    m_tokens = new TokenCounter(this);
    m_recovery = new FormRecovery(this);
    m_controller = new GenerationController(this);
    m_runState = new RunStateMachine(m_controller, this);
    m_presenter = new RunPresenter(m_controller, m_ui->previewPlayer, statusBar(), m_monitor.get(), this);
    m_quitGuard = new RunQuitGuard(m_controller, this);
    m_presetActions = new UserPresetActions(this);
    m_shelf = new ClipShelf(m_ui->previewPlayer, m_settings, this, this);
    m_launcher = new RunLauncher(m_controller, m_runState, m_shelf, m_memory, m_settings, this);
    m_historyDock = m_shelf->createDock(this, m_ui->actionShowHistory);
    m_queueDock = new QueueDock(*this, *m_monitor, m_controller, m_launcher, m_shelf, m_settings);
    m_queueDock->bind(m_ui->actionAddToQueue, m_ui->actionShowQueue, m_ui->parametersPanel->queueButton());
    m_loras = new LoraDock(*this, m_ui->menuFile, m_ui->actionChooseModelFolder, m_ui->menuView,
                           m_ui->promptPanel->startImageArea(), m_settings);
    new ModelUnloader(m_controller, m_ui->menuGenerate, statusBar(), m_settings, this);
    auto* downloads = new ModelDownloadMenu(m_ui->menuFile, m_ui->actionChooseModelFolder, this);
    connect(downloads, &ModelDownloadMenu::modelChosen, this, &MainWindow::setModelFolder);
    auto* headroom = new VramHeadroomAction(m_ui->menuGenerate, m_settings, this);
    connect(headroom, &VramHeadroomAction::headroomChanged, this, [this] { updateForecast(); });
    setUpActions();
    LanguageMenu::bind(m_ui->actionLanguageSystem, m_ui->actionLanguageEnglish, m_ui->actionLanguageChinese, m_settings,
                       m_translator, this);
    connectPanels();
    setRequest(m_settings.lastRequest());
    WindowLayout::restore(m_settings, *this, *m_ui);
    m_loras->showIfUsed();
    retranslateDynamic();

    m_memory->start(kMemorySampleIntervalMs);
    updateForecast(); // the feeder's setSeries dropped the predictions drawn before it started
    m_shelf->reload();
    m_queueDock->setRoot(QString::fromStdString(framesmith::dataRoot())); // resumes an interrupted queue
    // Once at start: a setup problem (the reference BLAS) explains a slow run before it happens.
    for (const auto& warning : framesmith::Engine::environmentWarnings())
        showStatus(tr("Warning: %1").arg(QString::fromStdString(warning.message)));
}

MainWindow::~MainWindow()
{
    delete m_controller; // stops and joins the generation thread while the monitor still exists
    m_controller = nullptr;
    m_memory->stop(); // joins the sampler before the monitor goes
}

void MainWindow::setUpActions()
{
    m_ui->actionGenerate->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    m_ui->actionQuit->setMenuRole(QAction::QuitRole);
    m_ui->actionUndoHistoryLoad->setEnabled(false);
    ImageDropArea* image = m_ui->promptPanel->startImageArea();
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionOpenImage, &QAction::triggered, image, &ImageDropArea::browse);
    connect(m_ui->actionClearStartImage, &QAction::triggered, image, &ImageDropArea::clear);
    connect(m_ui->actionChooseModelFolder, &QAction::triggered, this, &MainWindow::onModelBrowseClicked);
    connect(m_ui->actionGenerate, &QAction::triggered, this, &MainWindow::onGenerateTriggered);
    ParametersPanel* panel = m_ui->parametersPanel;
    m_runControls = new RunControls(m_runState, m_launcher,
                                    {m_ui->actionGenerate, m_ui->actionCancel, m_ui->actionPause, m_ui->actionFinishStage,
                                     panel->generateButton(), panel->cancelButton(), panel->pauseButton(),
                                     panel->generateHint()},
                                    this);
    connect(m_ui->actionExportClip, &QAction::triggered, m_shelf, &ClipShelf::exportInteractively);
    const auto saveTrace = [this] { m_memory->saveTraceInteractively(this, m_settings); };
    connect(m_ui->actionSaveMemoryTrace, &QAction::triggered, this, saveTrace);
    connect(m_ui->vramGraph, &VramGraph::saveTraceRequested, this, saveTrace);
    connect(m_ui->actionRandomizeSeed, &QAction::triggered, this,
            [this] { m_ui->parametersPanel->setSeed(QRandomGenerator::global()->generate64()); });
    connect(m_ui->actionUndoHistoryLoad, &QAction::triggered, this, &MainWindow::undoHistoryLoad);
    connect(m_ui->formRestoreButton, &QPushButton::clicked, this, &MainWindow::undoHistoryLoad);
    connect(m_ui->formRestoreCloseButton, &QToolButton::clicked, m_recovery, &FormRecovery::dismiss);
    connect(m_recovery, &FormRecovery::availabilityChanged, this, [this](bool canRestore) {
        m_ui->actionUndoHistoryLoad->setEnabled(canRestore);
        m_ui->formRestoreBar->setVisible(canRestore);
        retranslateDynamic();
    });
    connect(m_ui->actionAbout, &QAction::triggered, this, [this] { AboutBox::show(this); });
    connect(m_ui->actionAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
}

void MainWindow::connectPanels()
{
    PromptPanel* prompt = m_ui->promptPanel;
    ParametersPanel* parameters = m_ui->parametersPanel;
    connect(prompt, &PromptPanel::changed, this, &MainWindow::onFieldsChanged);
    connect(prompt, &PromptPanel::promptEdited, this, [this](const QString& text) {
        m_launcher->promptEdited();
        m_tokens->request(model().isModel() ? model().folder : QString(), text);
    });
    connect(m_tokens, &TokenCounter::counted, prompt, &PromptPanel::setTokenCount);
    connect(m_session, &ModelSession::opened, this, &MainWindow::onModelOpened);
    connect(m_session, &ModelSession::checked, this, &MainWindow::onModelChecked);
    connect(m_session, &ModelSession::browseRequested, this, &MainWindow::onModelBrowseClicked);
    connect(m_session->choices(), &ModelChoices::demoFailed, this,
            [this](const QString& message, const QString& detail) { showError(tr("Demo model"), message, detail); });
    new StartImageGuard(prompt->startImageArea(), [this] { return QSize(request().width, request().height); }, this);
    connect(parameters, &ParametersPanel::changed, this, &MainWindow::onFieldsChanged);
    connect(m_loras->panel(), &LoraPanel::changed, this, &MainWindow::onFieldsChanged);
    connect(parameters, &ParametersPanel::presetChanged, this, &MainWindow::onFieldsChanged);
    connect(parameters, &ParametersPanel::plannedGpuChanged, this, &MainWindow::updateForecast);
    connect(parameters, &ParametersPanel::customizeClicked, this, [this] {
        framesmith::GenerationRequest r = request();
        if (!model().isReady())
            r.modelPath.clear(); // no forecast for a model that cannot run
        m_presetActions->openEditor(m_ui->parametersPanel->presetId(), r, MemoryForecast::devicesFrom(*m_monitor),
                                    m_ui->parametersPanel->plannedGpuBytes());
    });
    connect(parameters, &ParametersPanel::randomizeSeedClicked, m_ui->actionRandomizeSeed, &QAction::trigger);
    connect(parameters, &ParametersPanel::presetMenuRequested, m_presetActions, &UserPresetActions::popUpMenu);
    connect(m_presetActions, &UserPresetActions::presetsChanged, this, [this](const QString& id) {
        m_ui->parametersPanel->populateChoices();
        m_ui->parametersPanel->selectPreset(id);
    });
    connect(m_presetActions, &UserPresetActions::errorRaised, this, &MainWindow::showError);
    connect(m_shelf, &ClipShelf::clipShown, this, &MainWindow::clipShown);
    connect(m_shelf, &ClipShelf::clipShown, this, &MainWindow::updateRunState);
    connect(m_shelf, &ClipShelf::exportFinished, this, &MainWindow::exportFinished);
    connect(m_shelf, &ClipShelf::historyChanged, this, &MainWindow::historyChanged);
    connect(m_shelf, &ClipShelf::requestChosen, this, &MainWindow::onHistoryEntryChosen);
    connect(m_shelf, &ClipShelf::statusMessage, this, &MainWindow::showStatus);
    connect(m_shelf, &ClipShelf::errorRaised, this, &MainWindow::showError);
    connect(m_runState, &RunStateMachine::stateChanged, this, &MainWindow::updateRunState);
    connect(m_launcher, &RunLauncher::clipRecorded, m_historyDock, &QDockWidget::show);
    connect(m_launcher, &RunLauncher::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_launcher, &RunLauncher::errorRaised, this, &MainWindow::showError);
    connect(m_controller, &GenerationController::warningRaised, this,
            [this](const QString& message) { showStatus(tr("Warning: %1").arg(message)); });
    connect(m_queueDock, &QueueDock::statusMessage, this, &MainWindow::showStatus);
    connect(m_quitGuard, &RunQuitGuard::stopping, this, [this](bool isQuitting) {
        statusBar()->showMessage(isQuitting ? tr("Stopping the run and keeping its latents, then quitting…")
                                            : tr("Stopping the run and keeping its latents…"));
    });
}

framesmith::GenerationRequest MainWindow::request() const
{
    framesmith::GenerationRequest r;
    r.modelPath = m_ui->promptPanel->modelFolder().toStdString();
    m_ui->promptPanel->readInto(r);
    m_ui->parametersPanel->readInto(r);
    m_loras->panel()->readInto(r);
    return r;
}

void MainWindow::setRequest(const framesmith::GenerationRequest& r)
{
    m_session->setFolder(QString::fromStdString(r.modelPath));
    m_ui->promptPanel->write(r);
    m_ui->parametersPanel->write(r);
    m_loras->panel()->write(r);
    onFieldsChanged();
}

void MainWindow::setModelFolder(const QString& folder) { m_session->setFolder(folder); }

void MainWindow::onModelOpened(const QString& previousFamily, bool isNewFolder)
{
    m_ui->parametersPanel->adoptModel(model().spec(), previousFamily); // another family: its defaults too
    m_ui->promptPanel->adoptModel(model(), previousFamily); // another family: its usual negative prompt
    m_loras->panel()->setModelFolder(model().isModel() ? model().folder : QString());
    // Whenever the demo is newly chosen, not only on a first launch; a request being restored
    // writes its own values afterwards.
    if (model().isDemo && isNewFolder)
        m_ui->parametersPanel->write(DemoQuickDefaults::applied(request(), model().spec()));
    m_tokens->request(model().isModel() ? model().folder : QString(), request().prompt.c_str());
    onFieldsChanged();
}

void MainWindow::onModelChecked()
{
    m_ui->parametersPanel->applySpec(model().spec());
    m_ui->promptPanel->showModel(model());
    retranslateDynamic(); // "Ready." now that every file is checked
    Q_EMIT modelChecked();
}

QStringList MainWindow::validationMessages() const
{
    return FieldValidation::check(request(), model().spec(), m_ui->parametersPanel->seedText(),
                                  m_shelf->store().clipsFolder())
        .messages;
}

void MainWindow::onFieldsChanged()
{
    const auto result = FieldValidation::check(request(), model().spec(), m_ui->parametersPanel->seedText(),
                                               m_shelf->store().clipsFolder());
    m_ui->parametersPanel->showProblems(result.messages, result.fields);
    m_ui->promptPanel->startImageGroup()->setStyleSheet(
        result.fields.contains(QStringLiteral("startImage")) || result.fields.contains(QStringLiteral("references"))
            ? QStringLiteral("QGroupBox { color: #b3261e; }")
            : QString());
    updateGenerateAvailability(result.messages);
    updateForecast();
}

void MainWindow::updateGenerateAvailability(const QStringList& problems)
{
    QString why = problems.join(QLatin1Char('\n'));
    if (model().state == ModelFolderProbe::State::Checking)
        why = tr("Checking the model's files…");
    else if (!model().isReady())
        why = model().isModel() ? tr("The model's files are damaged or missing: see the model box")
                                : tr("Choose a model folder first (File > Choose model folder…).");
    m_queueDock->setAvailable(model().isReady() && problems.isEmpty(), why); // a run in flight does not stop queueing
    m_runControls->setFormState(model().isReady() && problems.isEmpty(), why);
    m_ui->actionExportClip->setEnabled(hasClip());
}

void MainWindow::updateRunState()
{
    m_shelf->setRunInFlight(m_runState->isRunInFlight());
    m_memory->setRunning(m_runState->isRunInFlight());
    updateGenerateAvailability(validationMessages());
}

void MainWindow::onGenerateTriggered()
{
    const QStringList problems = validationMessages();
    if (!problems.isEmpty() || !model().isReady() || m_runState->isRunInFlight()) {
        showStatus(problems.isEmpty() ? m_ui->parametersPanel->generateButton()->toolTip()
                                      : tr("Cannot generate: %1").arg(problems.first()));
        return;
    }
    m_recovery->dismiss(); // the form is now a run's: no older form to go back to
    m_launcher->generate(request(), modelName());
}

void MainWindow::onHistoryEntryChosen(const HistoryEntry& entry)
{
    const QString when = QLocale().toString(entry.createdAt, QLocale::ShortFormat);
    m_recovery->remember(request(), entry.request, when);
    setRequest(entry.request);
}

void MainWindow::undoHistoryLoad()
{
    if (const auto before = m_recovery->take()) {
        setRequest(*before);
        showStatus(tr("Your settings from before loading the clip are back"));
    }
}

void MainWindow::showStatus(const QString& text) { statusBar()->showMessage(text, kStatusMessageMs); }

void MainWindow::showError(const QString& title, const QString& message, const QString& detail)
{
    ErrorBox::show(this, title, message, detail);
}

void MainWindow::onModelBrowseClicked()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Choose a model folder"),
                                                             m_ui->promptPanel->modelFolder());
    if (!folder.isEmpty())
        setModelFolder(folder);
}

void MainWindow::retranslateDynamic()
{
    m_historyDock->setWindowTitle(tr("History"));
    m_queueDock->retranslate();
    m_ui->formRestoreLabel->setText(tr("The settings of the clip from %1 are loaded.").arg(m_recovery->description()));
    if (!m_controller->isRunning())
        statusBar()->showMessage(model().isReady() ? tr("Ready.") : model().isModel() ? QString()
                                                                   : tr("Ready. Choose a model folder to generate."));
    m_memory->retranslate();
    m_runControls->retranslate(); // retranslateUi gave the actions their .ui texts back
    onFieldsChanged(); // the validation line and the forecast in the new language
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateDynamic(); // the panels retranslate themselves; the form's values stay
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    WindowLayout::keepDockSane(*this, *m_historyDock);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_quitGuard->mayClose()) {
        event->ignore(); // asked, or waiting for the run to stop and keep its latents
        return;
    }
    m_queueDock->queue()->prepareToQuit();
    WindowLayout::save(m_settings, *this, *m_ui);
    m_settings.setLastRequest(request());
    m_settings.sync();
    QMainWindow::closeEvent(event);
}

void MainWindow::updateForecast()
{
    // A damaged or unchecked model never "fits": no model, no forecast.
    framesmith::GenerationRequest r = request();
    if (!model().isReady())
        r.modelPath.clear();
    r = VramHeadroom::applied(r, m_settings.vramHeadroomMb());
    m_memory->showForecastOn(*m_ui->parametersPanel, r, model().state == ModelFolderProbe::State::Checking);
}

VramGraph* MainWindow::memoryGraph() const { return m_ui->vramGraph; }
PreviewPlayer* MainWindow::previewPlayer() const { return m_ui->previewPlayer; }
PromptPanel* MainWindow::promptPanel() const { return m_ui->promptPanel; }
ParametersPanel* MainWindow::parametersPanel() const { return m_ui->parametersPanel; }
const ModelFolderProbe& MainWindow::model() const { return m_session->model(); }
ModelChoices* MainWindow::modelChoices() const { return m_session->choices(); }
QString MainWindow::modelName() const { return m_session->name(); }
LoraPanel* MainWindow::loraPanel() const { return m_loras->panel(); }
QString MainWindow::forecastText() const { return m_ui->parametersPanel->forecastText(); }

void MainWindow::setHistoryRoot(const QString& root)
{
    m_shelf->setRoot(root);
    m_queueDock->setRoot(root);
    onFieldsChanged(); // the output folder is part of the check
}

void MainWindow::exportClipTo(const framesmith::ExportOptions& options) { m_shelf->exportTo(options); }

bool MainWindow::hasClip() const { return m_shelf->hasClip(); }

HistoryPanel* MainWindow::historyPanel() const { return m_shelf->panel(); }
