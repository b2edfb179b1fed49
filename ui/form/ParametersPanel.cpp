#include "ui/form/ParametersPanel.h"

#include "ui/form/FrameRuleText.h"
#include "ui/form/KnobFields.h"
#include "ui/form/SpeedChoices.h"
#include "ui/presets/PresetChoices.h"
#include "ui_ParametersPanel.h"

#include <QEvent>
#include <QIcon>
#include <QRegularExpressionValidator>

#include <algorithm>

namespace {
const char* const kSeedDigits = "18446744073709551615";   // the widest seed: 2^64 - 1
constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;
} // namespace

ParametersPanel::ParametersPanel(QWidget* parent) : QWidget(parent), m_ui(std::make_unique<Ui::ParametersPanel>())
{
    m_ui->setupUi(this);
    m_knobs = new KnobFields(m_ui->parametersLayout, this);
    connect(m_knobs, &KnobFields::changed, this, &ParametersPanel::changed);
    m_ui->seedEdit->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,20}")), m_ui->seedEdit));
    // The whole 64-bit seed stays readable: the field is never narrower than its widest value.
    m_ui->seedEdit->setMinimumWidth(m_ui->seedEdit->fontMetrics().horizontalAdvance(QString::fromLatin1(kSeedDigits)) + 16);
    m_ui->generateButton->setIcon(QIcon(QStringLiteral(":/icons/generate.svg")));
    m_ui->cancelButton->setIcon(QIcon(QStringLiteral(":/icons/cancel.svg")));
    m_ui->validationLabel->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_ui->validationLabel->hide();
    m_ui->generateHintLabel->hide();
    setPlannedGpuVisible(false);
    for (QSpinBox* spin : {m_ui->frameCountSpin, m_ui->fpsSpin, m_ui->widthSpin, m_ui->heightSpin, m_ui->stepsSpin})
        connect(spin, &QSpinBox::valueChanged, this, &ParametersPanel::changed);
    connect(m_ui->guidanceSpin, &QDoubleSpinBox::valueChanged, this, &ParametersPanel::changed);
    connect(m_ui->seedEdit, &QLineEdit::textChanged, this, &ParametersPanel::changed);
    connect(m_ui->schedulerCombo, &QComboBox::currentIndexChanged, this, &ParametersPanel::changed);
    connect(m_ui->speedCombo, &QComboBox::currentIndexChanged, this, &ParametersPanel::changed);
    connect(m_ui->presetCombo, &QComboBox::currentIndexChanged, this, &ParametersPanel::presetChanged);
    connect(m_ui->plannedGpuSpin, &QSpinBox::valueChanged, this, &ParametersPanel::plannedGpuChanged);
    connect(m_ui->customizePresetButton, &QPushButton::clicked, this, &ParametersPanel::customizeClicked);
    connect(m_ui->randomizeSeedButton, &QToolButton::clicked, this, &ParametersPanel::randomizeSeedClicked);
    connect(m_ui->presetCombo, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        Q_EMIT presetMenuRequested(presetId(), m_ui->presetCombo->mapToGlobal(pos));
    });
    populateChoices();
    applySpec(m_spec);
}

ParametersPanel::~ParametersPanel() = default;

void ParametersPanel::readInto(framesmith::GenerationRequest& r) const
{
    r.frameCount = m_ui->frameCountSpin->value();
    r.fps = m_ui->fpsSpin->value();
    r.width = m_ui->widthSpin->value();
    r.height = m_ui->heightSpin->value();
    r.steps = m_ui->stepsSpin->value();
    r.guidanceScale = m_ui->guidanceSpin->value();
    r.seed = m_ui->seedEdit->text().toULongLong();
    r.scheduler = m_ui->schedulerCombo->currentData().toString().toStdString();
    r.stepCache = m_ui->speedCombo->currentData().toString().toStdString();
    r.preset = presetId().toStdString();
    r.knobs.clear(); // only the knobs this model declares, and only away from their defaults
    m_knobs->read(r.knobs);
}

void ParametersPanel::write(const framesmith::GenerationRequest& r)
{
    m_ui->frameCountSpin->setValue(r.frameCount);
    m_ui->fpsSpin->setValue(r.fps);
    m_ui->widthSpin->setValue(r.width);
    m_ui->heightSpin->setValue(r.height);
    m_ui->stepsSpin->setValue(r.steps);
    m_ui->guidanceSpin->setValue(r.guidanceScale);
    setSeed(r.seed);
    m_ui->schedulerCombo->setCurrentIndex(std::max(0, m_ui->schedulerCombo->findData(QString::fromStdString(r.scheduler))));
    selectSpeed(QString::fromStdString(r.stepCache));
    selectPreset(QString::fromStdString(r.preset));
    m_knobs->write(r.knobs);
}

QString ParametersPanel::seedText() const { return m_ui->seedEdit->text(); }

void ParametersPanel::setSeed(std::uint64_t seed) { m_ui->seedEdit->setText(QString::number(seed)); }

void ParametersPanel::applySpec(const framesmith::ParameterSpec& spec)
{
    // The model's limits are the boxes' limits; the steps walk valid values (frames by the step of
    // the family's rule, sizes by their multiple). What a range cannot say (8N+1 itself, the only
    // size a model runs at) the validation line says.
    m_spec = spec;
    m_ui->frameCountSpin->setRange(spec.frames.minimum(), spec.frames.maximum());
    m_ui->frameCountSpin->setSingleStep(spec.frames.stepAt(m_ui->frameCountSpin->value()));
    for (QSpinBox* size : {m_ui->widthSpin, m_ui->heightSpin}) {
        size->setRange(spec.minSize, spec.maxSize);
        size->setSingleStep(spec.sizeMultiple);
    }
    m_ui->stepsSpin->setRange(1, spec.maxSteps);
    m_knobs->setKnobs(spec.knobs);
    fillSchedulers();
    fillSpeeds();
    retranslateDynamic();
}

void ParametersPanel::adoptModel(const framesmith::ParameterSpec& spec, const QString& previousFamily)
{
    applySpec(spec);
    const QString family = QString::fromStdString(spec.family);
    if (!family.isEmpty() && !previousFamily.isEmpty() && family != previousFamily)
        applyDefaults(spec);
}

void ParametersPanel::applyDefaults(const framesmith::ParameterSpec& spec)
{
    m_ui->widthSpin->setValue(spec.defaultWidth);
    m_ui->heightSpin->setValue(spec.defaultHeight);
    m_ui->frameCountSpin->setValue(spec.defaultFrames);
    m_ui->fpsSpin->setValue(spec.defaultFps);
    m_ui->stepsSpin->setValue(spec.defaultSteps);
    m_ui->guidanceSpin->setValue(spec.defaultGuidanceScale);
    m_ui->schedulerCombo->setCurrentIndex(0);
    m_knobs->write({});
}

void ParametersPanel::populateChoices()
{
    const QString preset = presetId();
    const QSignalBlocker presetBlocker(m_ui->presetCombo);
    m_ui->presetCombo->clear();
    const auto add = [this](const PresetChoice& choice) {
        m_ui->presetCombo->addItem(choice.name, choice.id);
        m_ui->presetCombo->setItemData(m_ui->presetCombo->count() - 1, choice.description, Qt::ToolTipRole);
    };
    for (const PresetChoice& choice : builtInPresetChoices())
        add(choice);
    const QVector<PresetChoice> own = userPresetChoices();
    if (!own.isEmpty())
        m_ui->presetCombo->insertSeparator(m_ui->presetCombo->count());
    for (const PresetChoice& choice : own)
        add(choice);
    fillSchedulers();
    selectPreset(preset);
}

// The family's measured figures beside each setting; the selection is kept across models.
void ParametersPanel::fillSpeeds()
{
    const QString speed = m_ui->speedCombo->currentData().toString();
    const QSignalBlocker blocker(m_ui->speedCombo);
    m_ui->speedCombo->clear();
    for (const SpeedChoice& choice : speedChoices(QString::fromStdString(m_spec.family))) {
        m_ui->speedCombo->addItem(choice.text, choice.id);
        m_ui->speedCombo->setItemData(m_ui->speedCombo->count() - 1, choice.toolTip, Qt::ToolTipRole);
    }
    selectSpeed(speed.isEmpty() ? QStringLiteral("off") : speed);
}

void ParametersPanel::selectSpeed(const QString& id)
{
    const int index = m_ui->speedCombo->findData(id);
    m_ui->speedCombo->setCurrentIndex(index >= 0 ? index : m_ui->speedCombo->findData(QStringLiteral("off")));
}

void ParametersPanel::fillSchedulers()
{
    // "": the model's own sampler; the others are the ones its family offers (technical names, as is).
    const QString scheduler = m_ui->schedulerCombo->currentData().toString();
    const QSignalBlocker blocker(m_ui->schedulerCombo);
    m_ui->schedulerCombo->clear();
    m_ui->schedulerCombo->addItem(tr("Model default"), QString());
    for (const framesmith::SchedulerOption& option : m_spec.schedulers) {
        m_ui->schedulerCombo->addItem(QString::fromStdString(option.label), QString::fromStdString(option.id));
        m_ui->schedulerCombo->setItemData(m_ui->schedulerCombo->count() - 1, QString::fromStdString(option.summary),
                                          Qt::ToolTipRole);
    }
    m_ui->schedulerCombo->setCurrentIndex(std::max(0, m_ui->schedulerCombo->findData(scheduler)));
}

QString ParametersPanel::presetId() const { return m_ui->presetCombo->currentData().toString(); }

void ParametersPanel::selectPreset(const QString& id)
{
    const int index = m_ui->presetCombo->findData(id);
    m_ui->presetCombo->setCurrentIndex(index >= 0 ? index : m_ui->presetCombo->findData(QStringLiteral("auto")));
}

void ParametersPanel::showProblems(const QStringList& messages, const QSet<QString>& fields)
{
    m_ui->validationLabel->setText(messages.join(QLatin1Char('\n')));
    m_ui->validationLabel->setVisible(!messages.isEmpty());
    for (const QString& field : {QStringLiteral("frameCount"), QStringLiteral("fps"), QStringLiteral("width"),
                                 QStringLiteral("height"), QStringLiteral("steps"), QStringLiteral("guidanceScale"),
                                 QStringLiteral("seed"), QStringLiteral("scheduler")})
        labelFor(field)->setStyleSheet(fields.contains(field) ? QStringLiteral("color: #b3261e; font-weight: bold;")
                                                              : QString());
    m_knobs->markProblems(fields);
}

void ParametersPanel::showForecast(const QString& summary, const QString& details, bool isBad)
{
    m_ui->forecastLabel->setText(summary);
    m_ui->forecastLabel->setToolTip(details);
    m_ui->forecastLabel->setVisible(!summary.isEmpty());
    m_ui->forecastLabel->setStyleSheet(isBad ? QStringLiteral("color: #b3261e;") : QStringLiteral("color: #1b6e20;"));
}

QString ParametersPanel::forecastText() const { return m_ui->forecastLabel->text(); }

void ParametersPanel::setPlannedGpuVisible(bool isVisible)
{
    m_ui->plannedGpuLabel->setVisible(isVisible);
    m_ui->plannedGpuSpin->setVisible(isVisible);
}

qint64 ParametersPanel::plannedGpuBytes() const { return qint64(m_ui->plannedGpuSpin->value() * kBytesPerGiB); }

QPushButton* ParametersPanel::generateButton() const { return m_ui->generateButton; }

QPushButton* ParametersPanel::cancelButton() const { return m_ui->cancelButton; }
QPushButton* ParametersPanel::queueButton() const { return m_ui->queueButton; }
QPushButton* ParametersPanel::pauseButton() const { return m_ui->pauseButton; }
QLabel* ParametersPanel::generateHint() const { return m_ui->generateHintLabel; }

QComboBox* ParametersPanel::presetCombo() const { return m_ui->presetCombo; }

QWidget* ParametersPanel::labelFor(const QString& field) const
{
    if (field == QLatin1String("frameCount")) return m_ui->frameCountLabel;
    if (field == QLatin1String("fps")) return m_ui->fpsLabel;
    if (field == QLatin1String("width")) return m_ui->widthLabel;
    if (field == QLatin1String("height")) return m_ui->heightLabel;
    if (field == QLatin1String("steps")) return m_ui->stepsLabel;
    if (field == QLatin1String("guidanceScale")) return m_ui->guidanceLabel;
    if (field == QLatin1String("scheduler")) return m_ui->schedulerLabel;
    return m_ui->seedLabel;
}

void ParametersPanel::retranslateDynamic()
{
    m_ui->frameCountSpin->setToolTip(tr("Frame counts this model accepts: %1").arg(FrameRuleText::describe(m_spec.frames)));
    const QString sizeTip = m_spec.requiredWidth > 0
                                ? tr("This model only runs at %1 × %2 px").arg(m_spec.requiredWidth).arg(m_spec.requiredHeight)
                                : tr("A multiple of %1 px, %2 to %3").arg(m_spec.sizeMultiple).arg(m_spec.minSize).arg(m_spec.maxSize);
    m_ui->widthSpin->setToolTip(sizeTip);
    m_ui->heightSpin->setToolTip(sizeTip);
}

void ParametersPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        populateChoices();
        fillSpeeds();
        retranslateDynamic();
        m_knobs->retranslate();
    }
    QWidget::changeEvent(event);
}
