#include "ui/MainWindow.h"

#include "ui_MainWindow.h"

#include "framesmith/Engine.h"
#include "framesmith/ParameterSpec.h"
#include "framesmith/VideoExport.h"
#include "framesmith/VramMonitor.h"
#include "ui/AboutBox.h"
#include "ui/AppSettings.h"
#include "ui/AppTranslator.h"
#include "ui/ClipShelf.h"
#include "ui/FieldValidation.h"
#include "ui/GenerationController.h"
#include "ui/HistoryPanel.h"
#include "ui/MemoryDisplay.h"
#include "ui/ModelSummary.h"
#include "ui/ModelUnloader.h"
#include "ui/MemoryForecast.h"
#include "ui/PresetEditorDialog.h"
#include "ui/RequestForm.h"
#include "ui/RunPresenter.h"
#include "ui/WindowLayout.h"
#include "widgets/PreviewPlayer.h"
#include "widgets/VramGraph.h"

#include <QActionGroup>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QRandomGenerator>

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
    WindowLayout::applyDefaults(*m_ui);
    m_memory = new MemoryDisplay(m_monitor.get(), m_ui->vramGraph, m_ui->forecastLabel, statusBar(), this);
    m_controller = new GenerationController(this);
    m_presenter = new RunPresenter(m_controller, m_ui->previewPlayer, statusBar(), m_monitor.get(), this);
    m_shelf = new ClipShelf(m_ui->previewPlayer, this, this);
    connect(m_shelf, &ClipShelf::clipShown, this, &MainWindow::clipShown);
    connect(m_shelf, &ClipShelf::clipShown, this, &MainWindow::updateRunState);
    connect(m_shelf, &ClipShelf::exportFinished, this, &MainWindow::exportFinished);
    connect(m_shelf, &ClipShelf::historyChanged, this, &MainWindow::historyChanged);
    connect(m_shelf, &ClipShelf::requestChosen, this, &MainWindow::setRequest);
    connect(m_shelf, &ClipShelf::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, kStatusMessageMs); });
    connect(m_shelf, &ClipShelf::errorRaised, this, &MainWindow::showError);
    connect(m_controller, &GenerationController::started, this, &MainWindow::updateRunState);
    connect(m_controller, &GenerationController::finished, this, &MainWindow::onGenerationFinished);
    connect(m_controller, &GenerationController::failed, this, &MainWindow::onGenerationFailed);
    connect(m_controller, &GenerationController::cancelled, this, &MainWindow::onGenerationCancelled);
    connect(m_controller, &GenerationController::warningRaised, this, &MainWindow::onGenerationWarning);
    connect(m_shelf, &ClipShelf::regenerateRequested, this, &MainWindow::onRegenerateRequested);
    new ModelUnloader(m_controller, m_ui->menuGenerate, statusBar(), m_settings, this);
    setUpHistoryDock();

    RequestForm::populateChoices(*m_ui, m_model.spec());
    setUpActions();
    connectFields();
    setRequest(m_settings.lastRequest());
    WindowLayout::restore(m_settings, *this, *m_ui->mainSplitter, *m_ui->topSplitter);
    retranslateDynamic();

    m_memory->start(kMemorySampleIntervalMs);
    updateForecast(); // the feeder's setSeries dropped the predictions drawn before it started
    m_shelf->reload();
    // Once at start: a setup problem (the reference BLAS) explains a slow run before it happens.
    for (const auto& warning : framesmith::Engine::environmentWarnings())
        onGenerationWarning(QString::fromStdString(warning.message));
}

MainWindow::~MainWindow()
{
    delete m_controller; // stops and joins the generation thread while the monitor still exists
    m_controller = nullptr;
    m_memory->stop(); // joins the sampler before the monitor goes
}

void MainWindow::setUpHistoryDock()
{
    m_historyDock = new QDockWidget(this);
    m_historyDock->setObjectName(QStringLiteral("historyDock"));
    m_historyDock->setWidget(m_shelf->panel());
    m_historyDock->setFeatures(QDockWidget::DockWidgetClosable | QDockWidget::DockWidgetMovable |
                               QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::RightDockWidgetArea, m_historyDock);
    m_historyDock->hide(); // the first launch has no history; View > History or a first clip opens it
    m_ui->actionShowHistory->setCheckable(true);
    connect(m_ui->actionShowHistory, &QAction::toggled, m_historyDock, &QDockWidget::setVisible);
    connect(m_historyDock, &QDockWidget::visibilityChanged, m_ui->actionShowHistory, &QAction::setChecked);
}

void MainWindow::setUpActions()
{
    m_ui->actionGenerate->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Return), QKeySequence(Qt::CTRL | Qt::Key_Enter)});
    m_ui->actionCancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_ui->actionOpenImage->setShortcut(QKeySequence::Open);
    m_ui->actionQuit->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Q));
    m_ui->actionQuit->setMenuRole(QAction::QuitRole);
    connect(m_ui->actionQuit, &QAction::triggered, this, &QWidget::close);
    connect(m_ui->actionOpenImage, &QAction::triggered, m_ui->startImageArea, &ImageDropArea::browse);
    connect(m_ui->actionClearStartImage, &QAction::triggered, m_ui->startImageArea, &ImageDropArea::clear);
    connect(m_ui->actionChooseModelFolder, &QAction::triggered, this, &MainWindow::onModelBrowseClicked);
    connect(m_ui->actionGenerate, &QAction::triggered, this, &MainWindow::onGenerateTriggered);
    connect(m_ui->actionCancel, &QAction::triggered, this, &MainWindow::onCancelTriggered);
    connect(m_ui->actionFinishStage, &QAction::triggered, this, &MainWindow::onFinishStageTriggered);
    connect(m_ui->actionExportClip, &QAction::triggered, m_shelf, &ClipShelf::exportInteractively);
    connect(m_ui->actionRandomizeSeed, &QAction::triggered, this, &MainWindow::onRandomizeSeedClicked);
    connect(m_ui->actionAbout, &QAction::triggered, this, &MainWindow::onAboutTriggered);
    connect(m_ui->actionAboutQt, &QAction::triggered, qApp, &QApplication::aboutQt);
    connect(m_ui->generateButton, &QPushButton::clicked, m_ui->actionGenerate, &QAction::trigger);
    connect(m_ui->cancelButton, &QPushButton::clicked, m_ui->actionCancel, &QAction::trigger);
    connect(m_ui->randomizeSeedButton, &QToolButton::clicked, this, &MainWindow::onRandomizeSeedClicked);

    auto* languages = new QActionGroup(this);
    const std::pair<QAction*, QString> choices[] = {
        {m_ui->actionLanguageSystem, QString::fromLatin1(AppSettings::kSystemLanguage)},
        {m_ui->actionLanguageEnglish, QStringLiteral("en")},
        {m_ui->actionLanguageChinese, QStringLiteral("zh_CN")}};
    for (const auto& [action, setting] : choices) {
        languages->addAction(action);
        action->setChecked(m_settings.language() == setting);
        connect(action, &QAction::triggered, this, [this, setting = setting] { onLanguageChosen(setting); });
    }
}

void MainWindow::connectFields()
{
    for (QSpinBox* spin : {m_ui->frameCountSpin, m_ui->fpsSpin, m_ui->widthSpin, m_ui->heightSpin, m_ui->stepsSpin})
        connect(spin, &QSpinBox::valueChanged, this, &MainWindow::onFieldsChanged);
    connect(m_ui->guidanceSpin, &QDoubleSpinBox::valueChanged, this, &MainWindow::onFieldsChanged);
    connect(m_ui->seedEdit, &QLineEdit::textChanged, this, &MainWindow::onFieldsChanged);
    connect(m_ui->startImageArea, &ImageDropArea::imagePathChanged, this, &MainWindow::onFieldsChanged);
    connect(m_ui->startImageArea, &ImageDropArea::imageRejected, this, &MainWindow::onStartImageRejected);
    connect(m_ui->modelFolderEdit, &QLineEdit::editingFinished, this, &MainWindow::onModelFolderEdited);
    connect(m_ui->modelBrowseButton, &QPushButton::clicked, this, &MainWindow::onModelBrowseClicked);
    connect(m_ui->presetCombo, &QComboBox::currentIndexChanged, this, &MainWindow::updateForecast);
    connect(m_ui->customizePresetButton, &QPushButton::clicked, this, &MainWindow::onCustomizePresetClicked);
}

framesmith::GenerationRequest MainWindow::request() const
{
    return RequestForm::read(*m_ui);
}

void MainWindow::setRequest(const framesmith::GenerationRequest& r)
{
    m_ui->modelFolderEdit->setText(QString::fromStdString(r.modelPath));
    onModelFolderEdited();
    RequestForm::write(*m_ui, r);
    retranslateDynamic();
}

void MainWindow::setModelFolder(const QString& folder)
{
    m_ui->modelFolderEdit->setText(QDir::fromNativeSeparators(folder));
    onModelFolderEdited();
}

QStringList MainWindow::validationMessages() const
{
    return FieldValidation(*m_ui).messages(request(), m_model.spec());
}

void MainWindow::onFieldsChanged()
{
    const QStringList problems = validationMessages();
    FieldValidation(*m_ui).markFields(request(), m_model.spec());
    m_ui->validationLabel->setText(problems.join(QLatin1Char('\n')));
    m_ui->validationLabel->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_ui->validationLabel->setVisible(!problems.isEmpty());
    updateGenerateAvailability(problems);
    updateForecast();
}

void MainWindow::updateGenerateAvailability(const QStringList& problems)
{
    const bool isRunning = m_controller->isRunning();
    const bool hasModel = m_model.isModel();
    const bool canGenerate = hasModel && problems.isEmpty() && !isRunning;
    QString why = problems.join(QLatin1Char('\n'));
    if (!hasModel)
        why = tr("Choose a model folder first (File > Choose model folder…).");
    else if (isRunning)
        why = tr("A clip is being generated");
    m_ui->actionGenerate->setEnabled(canGenerate);
    m_ui->generateButton->setEnabled(canGenerate);
    m_ui->generateButton->setToolTip(canGenerate ? tr("Generate the clip (Ctrl+Return)") : why);
    m_ui->actionGenerate->setToolTip(m_ui->generateButton->toolTip());
    m_ui->actionCancel->setEnabled(isRunning);
    m_ui->actionFinishStage->setEnabled(isRunning);
    m_ui->cancelButton->setEnabled(isRunning);
    m_ui->cancelButton->setToolTip(isRunning ? tr("Stop the generation now (Esc)") : tr("Nothing is running"));
    m_ui->actionExportClip->setEnabled(hasClip());
}

void MainWindow::updateRunState()
{
    m_shelf->setRunInFlight(m_controller->isRunning());
    updateGenerateAvailability(validationMessages());
}

void MainWindow::onGenerateTriggered()
{
    const QStringList problems = validationMessages();
    if (!problems.isEmpty()) {
        statusBar()->showMessage(tr("Cannot generate: %1").arg(problems.first()), kStatusMessageMs);
        return;
    }
    if (!m_model.isModel() || m_controller->isRunning()) {
        statusBar()->showMessage(m_ui->generateButton->toolTip(), kStatusMessageMs);
        return;
    }
    startRun(request());
}

// "Regenerate" in the history: the clip's own request and resolved preset, run as recorded.
void MainWindow::onRegenerateRequested(const framesmith::GenerationRequest& request)
{
    if (m_controller->isRunning()) {
        statusBar()->showMessage(tr("A clip is being generated"), kStatusMessageMs);
        return;
    }
    setRequest(request);
    startRun(request);
}

void MainWindow::startRun(const framesmith::GenerationRequest& r)
{
    m_settings.setLastRequest(r);
    m_runHistoryId = m_shelf->store().newId(r);
    m_controller->start(r, m_shelf->store().videoPathFor(m_runHistoryId));
    statusBar()->showMessage(tr("Generating…"));
}

void MainWindow::onCancelTriggered()
{
    if (!m_controller->isRunning()) {
        statusBar()->showMessage(tr("Nothing is running"), kStatusMessageMs);
        return;
    }
    m_controller->cancel(framesmith::CancelMode::StopNow);
    statusBar()->showMessage(tr("Stopping…"));
}

void MainWindow::onFinishStageTriggered()
{
    if (!m_controller->isRunning())
        return;
    m_controller->cancel(framesmith::CancelMode::FinishStage);
    statusBar()->showMessage(tr("Stopping denoising after this step; the clip will be decoded…"));
}

void MainWindow::onGenerationFinished(const framesmith::GenerationResult& result)
{
    updateRunState();
    const QString modelName = m_model.displayName.isEmpty()
                                  ? QFileInfo(QString::fromStdString(result.request.modelPath)).fileName()
                                  : m_model.displayName;
    m_shelf->addResult(result, m_runHistoryId, modelName);
    m_historyDock->show();
    double seconds = 0;
    for (const auto& timing : result.timings)
        seconds += timing.seconds;
    statusBar()->showMessage(result.isPartial ? tr("Clip ready after %1 of %2 steps (stopped early), %3 s")
                                                    .arg(result.stepsCompleted)
                                                    .arg(result.request.steps)
                                                    .arg(seconds, 0, 'f', 1)
                                              : tr("Clip ready: %1 frames in %2 s").arg(result.clip.frameCount).arg(seconds, 0, 'f', 1),
                             kStatusMessageMs);
}

void MainWindow::onGenerationFailed(const QString& message, const QString& detail)
{
    updateRunState();
    statusBar()->showMessage(message, kStatusMessageMs);
    showError(tr("Generation failed"), message, detail);
}

void MainWindow::onGenerationCancelled(int stepsCompleted, const QString& detail)
{
    updateRunState();
    m_ui->previewPlayer->setForming(false);
    statusBar()->showMessage(tr("Cancelled after %n step(s)", nullptr, stepsCompleted), kStatusMessageMs);
    statusBar()->setToolTip(detail);
}

void MainWindow::onGenerationWarning(const QString& message)
{
    statusBar()->showMessage(tr("Warning: %1").arg(message), kStatusMessageMs);
}

void MainWindow::showError(const QString& title, const QString& message, const QString& detail)
{
    // Window-modal and non-blocking (open(), not exec()): the event loop keeps running.
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("errorBox"));
    box->setDetailedText(detail);
    box->setInformativeText(detail);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::onRandomizeSeedClicked()
{
    m_ui->seedEdit->setText(QString::number(QRandomGenerator::global()->generate()));
}

void MainWindow::onModelFolderEdited()
{
    const ModelFolderProbe probed = ModelFolderProbe::probe(m_ui->modelFolderEdit->text().trimmed());
    RequestForm::adoptModel(*m_ui, probed.spec(), m_model.family);
    m_model = probed;
    m_settings.setModelFolder(m_ui->modelFolderEdit->text().trimmed());
    retranslateDynamic();
}

void MainWindow::onModelBrowseClicked()
{
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Choose a model folder"),
                                                             m_ui->modelFolderEdit->text());
    if (!folder.isEmpty())
        setModelFolder(folder);
}

void MainWindow::onStartImageRejected(const QString& path, const QString& reason)
{
    statusBar()->showMessage(tr("Cannot open %1: %2").arg(QDir::toNativeSeparators(path), reason), kStatusMessageMs);
}

void MainWindow::onLanguageChosen(const QString& setting)
{
    m_settings.setLanguage(setting);
    if (m_translator)
        m_translator->apply(setting); // LanguageChange reaches every widget: retranslated live
}

void MainWindow::onAboutTriggered() { AboutBox::show(this); }

void MainWindow::retranslateDynamic()
{
    RequestForm::populateChoices(*m_ui, m_model.spec());
    ModelSummary::show(*m_ui, m_model);
    m_historyDock->setWindowTitle(tr("History"));
    if (!m_controller->isRunning())
        statusBar()->showMessage(m_model.isModel()
                                     ? tr("Ready.")
                                     : tr("Ready. Choose a model folder to generate."));
    m_memory->retranslate();
    onFieldsChanged();
}

void MainWindow::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        retranslateDynamic();
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    WindowLayout::save(m_settings, *this, *m_ui->mainSplitter, *m_ui->topSplitter);
    m_settings.setLastRequest(request());
    m_settings.sync();
    QMainWindow::closeEvent(event);
}

VramGraph* MainWindow::memoryGraph() const { return m_ui->vramGraph; }

PreviewPlayer* MainWindow::previewPlayer() const { return m_ui->previewPlayer; }

QString MainWindow::forecastText() const { return m_ui->forecastLabel->text(); }

void MainWindow::updateForecast()
{
    framesmith::GenerationRequest r = request();
    if (!m_model.isModel())
        r.modelPath.clear();
    m_memory->showForecast(r);
}

void MainWindow::onCustomizePresetClicked()
{
    framesmith::GenerationRequest r = request();
    if (!m_model.isModel())
        r.modelPath.clear();
    auto* dialog = new PresetEditorDialog(m_ui->presetCombo->currentData().toString(), r,
                                          MemoryForecast::devicesFrom(*m_monitor), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &PresetEditorDialog::presetSaved, this, [this](const QString& name) {
        RequestForm::populateChoices(*m_ui, m_model.spec());
        m_ui->presetCombo->setCurrentIndex(m_ui->presetCombo->findData(name));
    });
    dialog->open(); // window-modal, non-blocking
}

void MainWindow::setHistoryRoot(const QString& root) { m_shelf->setRoot(root); }

void MainWindow::exportClipTo(const framesmith::ExportOptions& options) { m_shelf->exportTo(options); }

bool MainWindow::hasClip() const { return m_shelf->hasClip(); }

HistoryPanel* MainWindow::historyPanel() const { return m_shelf->panel(); }
