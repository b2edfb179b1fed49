#pragma once
// One LoRA of the panel: enable toggle, its name (the tooltip holds its metadata and trigger words),
// strength as a slider and a spin box kept in step (-2..2), which expert takes it (both, high or low
// noise; shown only for a two-expert model) and remove. GUI thread only.
#include "framesmith/LoraSpec.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSlider;
class QToolButton;

class LoraRow : public QWidget {
    Q_OBJECT

public:
    static constexpr int kSliderSteps = 100; // slider units per 1.0 of strength

    explicit LoraRow(const framesmith::LoraSpec& spec, QWidget* parent = nullptr);

    // The row as the request takes it; expert "" while the choice is hidden (one transformer).
    framesmith::LoraSpec spec() const;
    QString file() const { return m_file; }
    void setStrength(double strength);
    void setExpertChoiceShown(bool isShown);
    bool isExpertChoiceShown() const;
    // `details` becomes the name's tooltip; `problem` (e.g. the file is missing) marks the row red.
    void setDetails(const QString& details, const QString& problem = QString());
    QString problem() const { return m_problem; }
    void retranslate();

    QCheckBox* enabledBox() const { return m_enabled; }
    QLabel* nameLabel() const { return m_name; }
    QSlider* strengthSlider() const { return m_slider; }
    QDoubleSpinBox* strengthBox() const { return m_spin; }
    QComboBox* expertCombo() const { return m_expert; }
    QToolButton* removeButton() const { return m_remove; }

Q_SIGNALS:
    void changed();
    void removeClicked();

private:
    void onSliderMoved(int value);
    void onSpinChanged(double value);

    QString m_file;
    QString m_sha256; // as a restored request recorded it: the engine finds the same file by it
    QString m_details;
    QString m_problem;
    QCheckBox* m_enabled = nullptr;
    QLabel* m_name = nullptr;
    QSlider* m_slider = nullptr;
    QDoubleSpinBox* m_spin = nullptr;
    QComboBox* m_expert = nullptr;
    QToolButton* m_remove = nullptr;
};
