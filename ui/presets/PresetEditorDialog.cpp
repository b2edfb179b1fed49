#include "ui/presets/PresetEditorDialog.h"

#include "ui/memory/MemoryForecast.h"
#include "ui/presets/PlannedGpusEditor.h"
#include "ui/presets/PresetChoices.h"
#include "ui/presets/PresetNames.h"
#include "ui/presets/StrategyLabels.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace {
constexpr int kStrategyColumns = 2;

QSpinBox* tileSpin(QWidget* parent)
{
    auto* spin = new QSpinBox(parent);
    spin->setRange(16, 4096);
    spin->setSingleStep(8); // the VAE needs multiples of 8
    return spin;
}
} // namespace

PresetEditorDialog::PresetEditorDialog(const QString& startFrom, const framesmith::GenerationRequest& request,
                                       std::vector<framesmith::DeviceInfo> devices, qint64 plannedGpuBytes,
                                       QWidget* parent)
    : QDialog(parent), m_request(request), m_devices(std::move(devices)), m_plannedGpuBytes(plannedGpuBytes)
{
    setObjectName(QStringLiteral("presetEditorDialog"));
    setWindowTitle(tr("Customize memory preset"));
    buildForm();
    loadFrom(startFrom);
}

void PresetEditorDialog::buildForm()
{
    m_nameEdit = new QLineEdit(this);
    m_nameEdit->setObjectName(QStringLiteral("nameEdit"));
    // The name is the file name the engine and the CLI look up: checked as typed, never rewritten.
    m_nameEdit->setToolTip(tr("Letters A-Z, digits, spaces, '-', '_' and '.'; this is also the name the command line uses"));
    m_descriptionEdit = new QLineEdit(this);
    m_descriptionEdit->setObjectName(QStringLiteral("descriptionEdit"));
    m_dtypeCombo = new QComboBox(this);
    m_dtypeCombo->setObjectName(QStringLiteral("dtypeCombo"));
    m_dtypeCombo->addItem(tr("bf16 (recommended)"), int(framesmith::ComputeDtype::BFloat16));
    m_dtypeCombo->addItem(tr("fp16"), int(framesmith::ComputeDtype::Float16));
    m_dtypeCombo->addItem(tr("fp32 (most memory)"), int(framesmith::ComputeDtype::Float32));
    m_prefetchSpin = new QSpinBox(this);
    m_prefetchSpin->setObjectName(QStringLiteral("prefetchSpin"));
    m_prefetchSpin->setRange(0, 8);
    m_prefetchSpin->setToolTip(tr("Transformer blocks loaded ahead while streaming: more is faster and uses more GPU memory"));
    m_headroomSpin = new QSpinBox(this);
    m_headroomSpin->setObjectName(QStringLiteral("headroomSpin"));
    m_headroomSpin->setRange(0, framesmith::MemoryPreset::kMaxVramHeadroomMb);
    m_headroomSpin->setSingleStep(256);
    m_headroomSpin->setSuffix(tr(" MiB"));
    m_headroomSpin->setToolTip(tr("Left free on every GPU for other programs (browser, desktop, another app); the "
                                  "plan uses only the rest"));
    m_tileHeightSpin = tileSpin(this);
    m_tileHeightSpin->setObjectName(QStringLiteral("tileHeightSpin"));
    m_tileWidthSpin = tileSpin(this);
    m_tileWidthSpin->setObjectName(QStringLiteral("tileWidthSpin"));
    for (QSpinBox* spin : {m_tileHeightSpin, m_tileWidthSpin})
        spin->setSuffix(tr(" px"));
    auto* tiles = new QHBoxLayout;
    tiles->addWidget(m_tileHeightSpin);
    tiles->addWidget(new QLabel(tr("high ×"), this));
    tiles->addWidget(m_tileWidthSpin);
    tiles->addWidget(new QLabel(tr("wide"), this));

    m_plannedGpus = new PlannedGpusEditor(m_plannedGpuBytes, this);
    m_plannedGpus->setObjectName(QStringLiteral("plannedGpus"));
    connect(m_plannedGpus, &PlannedGpusEditor::changed, this, &PresetEditorDialog::updateForecast);

    auto* form = new QFormLayout;
    form->addRow(tr("&Name:"), m_nameEdit);
    form->addRow(tr("&Description:"), m_descriptionEdit);
    form->addRow(tr("Compute &type:"), m_dtypeCombo);
    form->addRow(tr("Blocks loaded &ahead:"), m_prefetchSpin);
    form->addRow(tr("Keep &free on each GPU:"), m_headroomSpin);
    auto* tilesLabel = new QLabel(tr("VAE &tile size:"), this); // a row of a layout gets no buddy by itself
    tilesLabel->setBuddy(m_tileHeightSpin);
    form->addRow(tilesLabel, tiles);
    if (std::count_if(m_devices.begin(), m_devices.end(), [](const auto& d) { return d.isCuda(); }) < 2) {
        auto* plannedLabel = new QLabel(tr("Plan for &GPUs not here:"), this);
        plannedLabel->setBuddy(m_plannedGpus->countSpin());
        form->addRow(plannedLabel, m_plannedGpus);
    } else {
        m_plannedGpus->hide();
    }

    m_forecastLabel = new QLabel(this);
    m_forecastLabel->setObjectName(QStringLiteral("forecastLabel"));
    m_forecastLabel->setWordWrap(true);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_errorLabel->hide();
    m_conflictLabel = new QLabel(this);
    m_conflictLabel->setObjectName(QStringLiteral("conflictLabel"));
    m_conflictLabel->setWordWrap(true);
    m_conflictLabel->setStyleSheet(QStringLiteral("color: #8a5a00;"));
    m_conflictLabel->hide();
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &PresetEditorDialog::save);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buildStrategyBoxes());
    layout->addWidget(m_conflictLabel);
    layout->addWidget(m_forecastLabel);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_buttons);
    for (QSpinBox* spin : {m_prefetchSpin, m_headroomSpin, m_tileHeightSpin, m_tileWidthSpin})
        connect(spin, &QSpinBox::valueChanged, this, &PresetEditorDialog::updateForecast);
    connect(m_dtypeCombo, &QComboBox::currentIndexChanged, this, &PresetEditorDialog::updateForecast);
    connect(m_nameEdit, &QLineEdit::textEdited, this, [this](const QString& name) {
        const QString why = PresetNames::problem(name.trimmed());
        m_errorLabel->setText(why);
        m_errorLabel->setVisible(!why.isEmpty());
    });
}

QWidget* PresetEditorDialog::buildStrategyBoxes()
{
    auto* group = new QGroupBox(tr("Strategies"), this);
    auto* grid = new QGridLayout(group);
    for (const framesmith::StrategyInfo& info : framesmith::PresetCatalog::strategies()) {
        const QString id = QString::fromStdString(info.name);
        const StrategyLabel label = strategyLabel(id, QString::fromStdString(info.summary));
        auto* box = new QCheckBox(label.title, group);
        box->setObjectName(id);
        box->setToolTip(tr("%1\n(%2)").arg(label.summary, id));
        box->setStatusTip(label.summary);
        const int index = m_strategyBoxes.size();
        grid->addWidget(box, index / kStrategyColumns, index % kStrategyColumns);
        m_strategyBoxes.push_back(box);
        connect(box, &QCheckBox::toggled, this, [this, box](bool isChecked) { onStrategyToggled(box, isChecked); });
    }
    return group;
}

QString PresetEditorDialog::resolveStart(const QString& name) const
{
    // "auto" holds no levers of its own: start from the preset it would pick for this request here.
    framesmith::MemoryPreset preset;
    try {
        preset = m_catalog.load(name.toStdString());
    } catch (const std::exception&) {
        return name;
    }
    if (!preset.isAutomatic())
        return name;
    for (const std::string& candidate : preset.autoCandidates) {
        const MemoryForecast forecast = MemoryForecast::forPreset(m_request, m_catalog.load(candidate), m_devices,
                                                                  m_plannedGpuBytes);
        if (!forecast.isKnown || forecast.fits)
            return QString::fromStdString(candidate);
    }
    return QString::fromStdString(preset.autoCandidates.back());
}

void PresetEditorDialog::loadFrom(const QString& requested)
{
    const QString name = requested.isEmpty() ? requested : resolveStart(requested);
    m_startedFrom = name;
    framesmith::MemoryPreset start;
    try {
        start = m_catalog.load(name.toStdString());
    } catch (const std::exception& e) {
        showError(tr("Could not open preset \"%1\": %2").arg(name, QString::fromUtf8(e.what())));
    }
    m_start = start;
    const bool isOwn = !name.isEmpty() && !m_catalog.isBuiltin(name.toStdString());
    m_nameEdit->setText(isOwn ? name : (name.isEmpty() ? QStringLiteral("custom") : name + QStringLiteral("-custom")));
    // A built-in's description is the translated one the picker shows, not the file's English.
    QString description = QString::fromStdString(start.description);
    for (const PresetChoice& choice : builtInPresetChoices())
        if (!isOwn && choice.id == name)
            description = choice.description;
    m_descriptionEdit->setText(description);
    for (QCheckBox* box : std::as_const(m_strategyBoxes)) {
        const QSignalBlocker blocker(box);
        const std::string id = box->objectName().toStdString();
        box->setChecked(std::find(start.strategies.begin(), start.strategies.end(), id) != start.strategies.end());
    }
    m_base = framesmith::PresetCatalog::compose("base", checkedStrategies());
    m_dtypeCombo->setCurrentIndex(std::max(0, m_dtypeCombo->findData(int(start.dtype))));
    m_prefetchSpin->setValue(start.streamPrefetchBlocks);
    m_headroomSpin->setValue(start.vramHeadroomMb);
    m_tileHeightSpin->setValue(start.vaeTileHeight);
    m_tileWidthSpin->setValue(start.vaeTileWidth);
    updateForecast();
}

void PresetEditorDialog::onStrategyToggled(QCheckBox* box, bool isChecked)
{
    // The strategies' own rules: ticking one unticks those it excludes, and says so.
    QStringList unticked;
    if (isChecked)
        for (const framesmith::StrategyInfo& info : framesmith::PresetCatalog::strategies())
            if (info.name == box->objectName().toStdString())
                for (const std::string& excluded : info.excludes)
                    if (auto* other = findChild<QCheckBox*>(QString::fromStdString(excluded)); other && other->isChecked()) {
                        const QSignalBlocker blocker(other);
                        other->setChecked(false);
                        unticked << other->text();
                    }
    m_conflictLabel->setText(unticked.isEmpty() ? QString()
                                                : tr("\"%1\" cannot be combined with %2, so that was unticked: both "
                                                     "set the same lever differently.")
                                                      .arg(box->text(), unticked.join(tr(", "))));
    m_conflictLabel->setVisible(!unticked.isEmpty());
    onStrategiesChanged();
}

std::vector<std::string> PresetEditorDialog::checkedStrategies() const
{
    std::vector<std::string> ids; // registry order, the order presets apply them in
    for (const QCheckBox* box : m_strategyBoxes)
        if (box->isChecked())
            ids.push_back(box->objectName().toStdString());
    return ids;
}

void PresetEditorDialog::onStrategiesChanged()
{
    // A number the user left as the strategies set it follows them (e.g. small tiles); one the
    // user changed stays as they set it.
    const framesmith::MemoryPreset next = framesmith::PresetCatalog::compose("base", checkedStrategies());
    const auto follow = [](QSpinBox* spin, int before, int after) {
        if (spin->value() == before)
            spin->setValue(after);
    };
    follow(m_prefetchSpin, m_base.streamPrefetchBlocks, next.streamPrefetchBlocks);
    follow(m_tileHeightSpin, m_base.vaeTileHeight, next.vaeTileHeight);
    follow(m_tileWidthSpin, m_base.vaeTileWidth, next.vaeTileWidth);
    m_base = next;
    updateForecast();
}

framesmith::MemoryPreset PresetEditorDialog::preset() const
{
    framesmith::MemoryPreset p = m_base;
    // Allocator levers no box shows and no strategy sets come from the preset it started from.
    p.maxSplitSizeMb = m_start.maxSplitSizeMb;
    p.garbageCollectionThreshold = m_start.garbageCollectionThreshold;
    p.name = m_nameEdit->text().toStdString(); // as typed: a bad name is refused, not rewritten
    p.description = m_descriptionEdit->text().trimmed().toStdString();
    p.dtype = static_cast<framesmith::ComputeDtype>(m_dtypeCombo->currentData().toInt());
    p.streamPrefetchBlocks = m_prefetchSpin->value();
    p.vramHeadroomMb = m_headroomSpin->value();
    p.vaeTileHeight = m_tileHeightSpin->value();
    p.vaeTileWidth = m_tileWidthSpin->value();
    return p;
}

bool PresetEditorDialog::save()
{
    const framesmith::MemoryPreset edited = preset();
    const QString name = QString::fromStdString(edited.name);
    if (const QString why = PresetNames::problem(name); !why.isEmpty()) {
        showError(why);
        return false;
    }
    try {
        m_catalog.save(edited);
    } catch (const std::exception& e) {
        showError(tr("Could not save the preset: %1").arg(QString::fromUtf8(e.what())));
        return false;
    }
    m_errorLabel->hide();
    Q_EMIT presetSaved(name);
    accept();
    return true;
}

void PresetEditorDialog::updateForecast()
{
    const MemoryForecast forecast = MemoryForecast::forPreset(m_request, preset(), m_devices, m_plannedGpus->gpuBytes(),
                                                              m_plannedGpus->count());
    m_forecastLabel->setText(forecast.summary.isEmpty() ? QString() : tr("Forecast: %1").arg(forecast.summary));
    m_forecastLabel->setToolTip(forecast.details);
    m_forecastLabel->setVisible(!forecast.summary.isEmpty());
    m_forecastLabel->setStyleSheet(forecast.isKnown && !forecast.fits ? QStringLiteral("color: #b3261e;")
                                                                      : QStringLiteral("color: #1b6e20;"));
}

void PresetEditorDialog::showError(const QString& message)
{
    m_errorLabel->setText(message);
    m_errorLabel->show();
}

QString PresetEditorDialog::errorText() const { return m_errorLabel->isHidden() ? QString() : m_errorLabel->text(); }

QString PresetEditorDialog::forecastText() const { return m_forecastLabel->text(); }

QString PresetEditorDialog::conflictText() const { return m_conflictLabel->isHidden() ? QString() : m_conflictLabel->text(); }
