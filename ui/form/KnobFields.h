#pragma once
// The form's fields for the family's knobs (ParameterSpec::knobs): one row per knob in the
// parameters' form layout, made from its declaration (check box, spin box or line edit), labelled
// and explained through QCoreApplication::translate("FamilyKnob", ...). A knob at its default is left
// out of the request, as the CLI leaves it out; a knob without a default shows "Model default" at
// the bottom of its range. GUI thread only.
#include "framesmith/FamilyKnob.h"

#include <QObject>
#include <QSet>
#include <QString>

#include <optional>
#include <vector>

class QFormLayout;
class QLabel;
class QWidget;

class KnobFields : public QObject {
    Q_OBJECT

public:
    // The rows go at the end of `layout`.
    KnobFields(QFormLayout* layout, QObject* parent);

    // A model's knobs: rows for them alone. A value the user had set is kept for a knob of the same
    // name and kind; the others start at their defaults.
    void setKnobs(const std::vector<framesmith::FamilyKnob>& knobs);
    void read(framesmith::KnobValues& knobs) const;   // the knobs away from their defaults
    void write(const framesmith::KnobValues& knobs);  // a knob left out: its default
    void markProblems(const QSet<QString>& fields); // "knobs.<name>": its label marked as refused
    void retranslate();

Q_SIGNALS:
    void changed();

private:
    struct Row {
        framesmith::FamilyKnob knob;
        QLabel* label = nullptr;
        QWidget* field = nullptr;
    };

    QWidget* makeField(const framesmith::FamilyKnob& knob);
    std::optional<framesmith::KnobValue> valueOf(const Row& row) const; // nullopt: the default
    void setValue(Row& row, const std::optional<framesmith::KnobValue>& value);
    void clear();

    QFormLayout* m_layout;
    std::vector<Row> m_rows;
};
