#include "ui/loras/LoraRow.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QToolButton>

#include <cmath>

namespace {
const char* const kRowErrorStyle = "color: #b3261e;";
}

LoraRow::LoraRow(const framesmith::LoraSpec& spec, QWidget* parent)
    : QWidget(parent), m_file(QString::fromStdString(spec.file)), m_sha256(QString::fromStdString(spec.sha256)),
      m_enabled(new QCheckBox(this)), m_name(new QLabel(this)), m_slider(new QSlider(Qt::Horizontal, this)),
      m_spin(new QDoubleSpinBox(this)), m_expert(new QComboBox(this)), m_remove(new QToolButton(this))
{
    setObjectName(QStringLiteral("loraRow"));
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_enabled);
    layout->addWidget(m_name, 1);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_spin);
    layout->addWidget(m_expert);
    layout->addWidget(m_remove);
    m_enabled->setChecked(spec.enabled);
    m_name->setText(QFileInfo(m_file).completeBaseName());
    m_name->setMinimumWidth(60);
    m_slider->setRange(int(framesmith::LoraSpec::kMinStrength * kSliderSteps),
                       int(framesmith::LoraSpec::kMaxStrength * kSliderSteps));
    m_spin->setRange(framesmith::LoraSpec::kMinStrength, framesmith::LoraSpec::kMaxStrength);
    m_spin->setDecimals(2);
    m_spin->setSingleStep(0.05);
    m_expert->addItem(QString(), QString());
    m_expert->addItem(QString(), QStringLiteral("high"));
    m_expert->addItem(QString(), QStringLiteral("low"));
    m_expert->setCurrentIndex(qMax(0, m_expert->findData(QString::fromStdString(spec.expert))));
    m_remove->setText(QStringLiteral("✕"));
    m_remove->setAutoRaise(true);
    setStrength(spec.strength);
    connect(m_enabled, &QCheckBox::toggled, this, &LoraRow::changed);
    connect(m_slider, &QSlider::valueChanged, this, &LoraRow::onSliderMoved);
    connect(m_spin, qOverload<double>(&QDoubleSpinBox::valueChanged), this, &LoraRow::onSpinChanged);
    connect(m_expert, qOverload<int>(&QComboBox::currentIndexChanged), this, &LoraRow::changed);
    connect(m_remove, &QToolButton::clicked, this, &LoraRow::removeClicked);
    retranslate();
}

framesmith::LoraSpec LoraRow::spec() const
{
    framesmith::LoraSpec spec;
    spec.file = m_file.toStdString();
    spec.strength = m_spin->value();
    spec.expert = isExpertChoiceShown() ? m_expert->currentData().toString().toStdString() : std::string();
    spec.enabled = m_enabled->isChecked();
    spec.sha256 = m_sha256.toStdString();
    return spec;
}

void LoraRow::setStrength(double strength)
{
    m_spin->setValue(strength); // the spin box moves the slider
    onSpinChanged(m_spin->value());
}

void LoraRow::onSliderMoved(int value)
{
    const QSignalBlocker block(m_spin);
    m_spin->setValue(double(value) / kSliderSteps);
    Q_EMIT changed();
}

void LoraRow::onSpinChanged(double value)
{
    const QSignalBlocker block(m_slider);
    m_slider->setValue(int(std::lround(value * kSliderSteps)));
    Q_EMIT changed();
}

void LoraRow::setExpertChoiceShown(bool isShown)
{
    if (isShown == isExpertChoiceShown())
        return;
    m_expert->setVisible(isShown);
    Q_EMIT changed();
}

bool LoraRow::isExpertChoiceShown() const { return !m_expert->isHidden(); }

void LoraRow::setDetails(const QString& details, const QString& problem)
{
    m_details = details;
    m_problem = problem;
    m_name->setStyleSheet(problem.isEmpty() ? QString() : QString::fromLatin1(kRowErrorStyle));
    retranslate();
}

void LoraRow::retranslate()
{
    m_enabled->setToolTip(tr("Apply this LoRA"));
    m_slider->setToolTip(tr("Strength: 1 applies the LoRA as trained, 0 not at all, negative values invert it"));
    m_spin->setToolTip(m_slider->toolTip());
    m_expert->setItemText(0, tr("Both experts"));
    m_expert->setItemText(1, tr("High noise"));
    m_expert->setItemText(2, tr("Low noise"));
    m_expert->setToolTip(tr("Which expert transformer of the model takes this LoRA"));
    m_remove->setToolTip(tr("Remove this LoRA"));
    const QString file = QDir::toNativeSeparators(m_file);
    m_name->setToolTip(m_problem.isEmpty() ? file + QStringLiteral("\n") + m_details : m_problem);
}
