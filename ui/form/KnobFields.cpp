#include "ui/form/KnobFields.h"

#include <QCheckBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>
#include <climits>
#include <cmath>

namespace {

QString knobText(const std::string& english)
{
    return QCoreApplication::translate("FamilyKnob", english.c_str());
}

bool hasNoDefault(const framesmith::FamilyKnob& knob) { return !knob.defaultValue.has_value(); }

double number(const framesmith::KnobValue& value)
{
    if (const double* d = std::get_if<double>(&value))
        return *d;
    if (const std::int64_t* i = std::get_if<std::int64_t>(&value))
        return static_cast<double>(*i);
    return 0.0;
}

int clampedInt(double value) { return static_cast<int>(std::max<double>(INT_MIN, std::min<double>(INT_MAX, value))); }

} // namespace

KnobFields::KnobFields(QFormLayout* layout, QObject* parent) : QObject(parent), m_layout(layout) {}

QWidget* KnobFields::makeField(const framesmith::FamilyKnob& knob)
{
    using framesmith::KnobKind;
    QWidget* field = nullptr;
    if (knob.kind == KnobKind::Switch) {
        auto* box = new QCheckBox;
        connect(box, &QCheckBox::toggled, this, &KnobFields::changed);
        field = box;
    } else if (knob.kind == KnobKind::Integer) {
        auto* spin = new QSpinBox;
        // Without a default, one value below the range stands for "the model decides".
        spin->setRange(clampedInt(knob.minimum) - (hasNoDefault(knob) ? 1 : 0), clampedInt(knob.maximum));
        connect(spin, &QSpinBox::valueChanged, this, &KnobFields::changed);
        field = spin;
    } else if (knob.kind == KnobKind::Number) {
        auto* spin = new QDoubleSpinBox;
        spin->setDecimals(knob.decimals);
        spin->setSingleStep(knob.step);
        spin->setRange(knob.minimum - (hasNoDefault(knob) ? knob.step : 0.0), knob.maximum);
        connect(spin, &QDoubleSpinBox::valueChanged, this, &KnobFields::changed);
        field = spin;
    } else {
        auto* edit = new QLineEdit;
        connect(edit, &QLineEdit::textChanged, this, &KnobFields::changed);
        field = edit;
    }
    field->setObjectName(QStringLiteral("knob_") + QString::fromStdString(knob.name));
    return field;
}

void KnobFields::setKnobs(const std::vector<framesmith::FamilyKnob>& knobs)
{
    framesmith::KnobValues kept;
    read(kept);
    clear();
    for (const framesmith::FamilyKnob& knob : knobs) {
        Row row{knob, new QLabel, makeField(knob)};
        row.label->setObjectName(QStringLiteral("knobLabel_") + QString::fromStdString(knob.name));
        row.label->setBuddy(row.field);
        m_layout->addRow(row.label, row.field);
        m_rows.push_back(row);
    }
    retranslate();
    write(kept);
}

void KnobFields::clear()
{
    for (const Row& row : m_rows)
        m_layout->removeRow(row.field); // deletes the label and the field
    m_rows.clear();
}

std::optional<framesmith::KnobValue> KnobFields::valueOf(const Row& row) const
{
    using framesmith::KnobKind;
    const framesmith::FamilyKnob& knob = row.knob;
    std::optional<framesmith::KnobValue> value;
    if (auto* box = qobject_cast<QCheckBox*>(row.field)) {
        value = box->isChecked();
    } else if (auto* spin = qobject_cast<QSpinBox*>(row.field)) {
        if (hasNoDefault(knob) && spin->value() == spin->minimum())
            return std::nullopt;
        value = static_cast<std::int64_t>(spin->value());
    } else if (auto* real = qobject_cast<QDoubleSpinBox*>(row.field)) {
        if (hasNoDefault(knob) && real->value() == real->minimum())
            return std::nullopt;
        value = real->value();
    } else if (auto* edit = qobject_cast<QLineEdit*>(row.field)) {
        value = edit->text().toStdString();
    }
    if (value && knob.defaultValue) {
        const bool isDefault = knob.kind == KnobKind::Number
                                   ? std::abs(number(*value) - number(*knob.defaultValue)) < 0.5 * std::pow(10.0, -knob.decimals)
                                   : *value == *knob.defaultValue;
        if (isDefault)
            return std::nullopt;
    }
    return value;
}

void KnobFields::setValue(Row& row, const std::optional<framesmith::KnobValue>& given)
{
    const std::optional<framesmith::KnobValue> value = given ? given : row.knob.defaultValue;
    if (auto* box = qobject_cast<QCheckBox*>(row.field)) {
        const bool* on = value ? std::get_if<bool>(&*value) : nullptr;
        box->setChecked(on && *on);
    } else if (auto* spin = qobject_cast<QSpinBox*>(row.field)) {
        spin->setValue(value ? clampedInt(number(*value)) : spin->minimum());
    } else if (auto* real = qobject_cast<QDoubleSpinBox*>(row.field)) {
        real->setValue(value ? number(*value) : real->minimum());
    } else if (auto* edit = qobject_cast<QLineEdit*>(row.field)) {
        const std::string* text = value ? std::get_if<std::string>(&*value) : nullptr;
        edit->setText(text ? QString::fromStdString(*text) : QString());
    }
}

void KnobFields::read(framesmith::KnobValues& knobs) const
{
    for (const Row& row : m_rows) {
        knobs.erase(row.knob.name);
        if (const std::optional<framesmith::KnobValue> value = valueOf(row))
            knobs[row.knob.name] = *value;
    }
}

void KnobFields::write(const framesmith::KnobValues& knobs)
{
    for (Row& row : m_rows) {
        const auto it = knobs.find(row.knob.name);
        setValue(row, it == knobs.end() ? std::nullopt : std::optional<framesmith::KnobValue>(it->second));
    }
}

void KnobFields::markProblems(const QSet<QString>& fields)
{
    for (const Row& row : m_rows)
        row.label->setStyleSheet(fields.contains(QStringLiteral("knobs.") + QString::fromStdString(row.knob.name))
                                     ? QStringLiteral("color: #b3261e; font-weight: bold;")
                                     : QString());
}

void KnobFields::retranslate()
{
    for (const Row& row : m_rows) {
        row.label->setText(tr("%1:").arg(knobText(row.knob.label)));
        const QString help = knobText(row.knob.help);
        row.label->setToolTip(help);
        row.field->setToolTip(help);
        if (auto* spin = qobject_cast<QSpinBox*>(row.field); spin && hasNoDefault(row.knob))
            spin->setSpecialValueText(tr("Model default"));
        if (auto* real = qobject_cast<QDoubleSpinBox*>(row.field); real && hasNoDefault(row.knob))
            real->setSpecialValueText(tr("Model default"));
    }
}
