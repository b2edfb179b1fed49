#include "ui/ParametersPanel.h"

#include "ui/PresetChoices.h"
#include "ui_ParametersPanel.h"

#include <QEvent>
#include <QIcon>
#include <QRegularExpressionValidator>

#include <algorithm>

namespace {
const char* const kSchedulerIds[] = {"", "dpm", "ddim"}; // "": the model's own scheduler_config.json
const char* const kSeedDigits = "18446744073709551615";   // the widest seed: 2^64 - 1
constexpr double kBytesPerGiB = 1024.0 * 1024.0 * 1024.0;
} // namespace

ParametersPanel::ParametersPanel(QWidget* parent) : QWidget(parent), m_ui(std::make_unique<Ui::ParametersPanel>())
{
    m_ui->setupUi(this);
    m_ui->seedEdit->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,20}")), m_ui->seedEdit));
    // The whole 64-bit seed stays readable: the field is never narrower than its widest value.
    m_ui->seedEdit->setMinimumWidth(m_ui->seedEdit->fontMetrics().horizontalAdvance(QString::fromLatin1(kSeedDigits)) + 16);
    m_ui->generateButton->setIcon(QIcon(QStringLiteral(":/icons/generate.svg")));
    m_ui->cancelButton->setIcon(QIcon(QStringLiteral(":/icons/cancel.svg")));
    m_ui->validationLabel->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_ui->validationLabel->hide();
    setPlannedGpuVisible(false);
    for (QSpinBox* spin : {m_ui->frameCountSpin, m_ui->fpsSpin, m_ui->widthSpin, m_ui->heightSpin, m_ui->stepsSpin})
        connect(spin, &QSpinBox::valueChanged, this, &ParametersPanel::changed);
    connect(m_ui->guidanceSpin, &QDoubleSpinBox::valueChanged, this, &ParametersPanel::changed);
    connect(m_ui->seedEdit, &QLineEdit::textChanged, this, &ParametersPanel::changed);
    connect(m_ui->schedulerCombo, &QComboBox::currentIndexChanged, this, &ParametersPanel::changed);
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
    r.preset = presetId().toStdString();
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
    selectPreset(QString::fromStdString(r.preset));
}

QString ParametersPanel::seedText() const { return m_ui->seedEdit->text(); }

void ParametersPanel::setSeed(std::uint64_t seed) { m_ui->seedEdit->setText(QString::number(seed)); }

void ParametersPanel::applySpec(const framesmith::ParameterSpec& spec)
{
    // The model's limits are the boxes' limits; the steps walk valid values (frames 8N+1 or 16N+1
    // step by 8 or 16, sizes by their multiple). What a range cannot say (8N+1 itself, the only
    // size a model runs at) the validation line says.
    m_spec = spec;
    m_ui->frameCountSpin->setRange(spec.minFrames, spec.maxFrames);
    m_ui->frameCountSpin->setSingleStep(spec.frameStep);
    for (QSpinBox* size : {m_ui->widthSpin, m_ui->heightSpin}) {
        size->setRange(spec.minSize, spec.maxSize);
        size->setSingleStep(spec.sizeMultiple);
    }
    m_ui->stepsSpin->setRange(1, spec.maxSteps);
    retranslateDynamic();
}

void ParametersPanel::populateChoices()
{
    const QString preset = presetId();
    const QString scheduler = m_ui->schedulerCombo->currentData().toString();
    const QSignalBlocker presetBlocker(m_ui->presetCombo);
    const QSignalBlocker schedulerBlocker(m_ui->schedulerCombo);
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
    m_ui->schedulerCombo->clear();
    m_ui->schedulerCombo->addItem(tr("Model default"), QString::fromLatin1(kSchedulerIds[0]));
    m_ui->schedulerCombo->addItem(tr("DPM-Solver++"), QString::fromLatin1(kSchedulerIds[1]));
    m_ui->schedulerCombo->addItem(tr("DDIM"), QString::fromLatin1(kSchedulerIds[2]));
    m_ui->schedulerCombo->setCurrentIndex(std::max(0, m_ui->schedulerCombo->findData(scheduler)));
    selectPreset(preset);
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
                                 QStringLiteral("seed")})
        labelFor(field)->setStyleSheet(fields.contains(field) ? QStringLiteral("color: #b3261e; font-weight: bold;")
                                                              : QString());
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

QComboBox* ParametersPanel::presetCombo() const { return m_ui->presetCombo; }

QWidget* ParametersPanel::labelFor(const QString& field) const
{
    if (field == QLatin1String("frameCount")) return m_ui->frameCountLabel;
    if (field == QLatin1String("fps")) return m_ui->fpsLabel;
    if (field == QLatin1String("width")) return m_ui->widthLabel;
    if (field == QLatin1String("height")) return m_ui->heightLabel;
    if (field == QLatin1String("steps")) return m_ui->stepsLabel;
    if (field == QLatin1String("guidanceScale")) return m_ui->guidanceLabel;
    return m_ui->seedLabel;
}

void ParametersPanel::retranslateDynamic()
{
    m_ui->frameCountSpin->setToolTip(tr("This model takes %1N+1 frames, %2 to %3")
                                         .arg(m_spec.frameStep)
                                         .arg(m_spec.minFrames)
                                         .arg(m_spec.maxFrames));
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
        retranslateDynamic();
    }
    QWidget::changeEvent(event);
}
