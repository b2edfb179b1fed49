#pragma once
// The right half of the request form: memory preset with its forecast (and, with no GPU here, the
// GPU size to plan for), frames, fps, size, steps, guidance, seed, scheduler and speed (step
// caching, with the family's measured figures), the family's knobs (KnobFields), the validation
// messages, and Generate/Cancel. The spin boxes take their ranges and steps from the model's
// ParameterSpec; the fields scroll rather than shrink when space runs out. GUI thread only.
#include "framesmith/GenerationRequest.h"
#include "framesmith/ParameterSpec.h"

#include <QSet>
#include <QWidget>

#include <memory>

class KnobFields;
class QComboBox;
class QLabel;
class QPushButton;
namespace Ui {
class ParametersPanel;
}

class ParametersPanel : public QWidget {
    Q_OBJECT

public:
    explicit ParametersPanel(QWidget* parent = nullptr);
    ~ParametersPanel() override;

    void readInto(framesmith::GenerationRequest& request) const; // everything but prompts and model
    void write(const framesmith::GenerationRequest& request);
    QString seedText() const;
    void setSeed(std::uint64_t seed);

    // The model's limits: frame range and step, size range and multiple, maximum steps, and the
    // samplers it offers (the selection kept where it still exists).
    void applySpec(const framesmith::ParameterSpec& spec);
    // A model was chosen: its limits, and when it is of another family than `previousFamily` (not
    // none), that family's defaults too (a request being restored writes its own values afterwards).
    void adoptModel(const framesmith::ParameterSpec& spec, const QString& previousFamily);
    // Refills the preset (built-ins, then the user's) and scheduler pickers, keeping the selection.
    void populateChoices();
    QString presetId() const;
    void selectPreset(const QString& id);

    // One translated line per problem; `fields` ("frameCount", ...) get their labels marked.
    void showProblems(const QStringList& messages, const QSet<QString>& fields);
    void showForecast(const QString& summary, const QString& details, bool isBad);
    QString forecastText() const;
    void setPlannedGpuVisible(bool isVisible);
    qint64 plannedGpuBytes() const;

    QPushButton* generateButton() const;
    QPushButton* cancelButton() const;
    QPushButton* queueButton() const; // "Add to queue", beside Generate
    QPushButton* pauseButton() const; // Pause / Resume (RunControls)
    QLabel* generateHint() const;     // above the buttons: why Generate cannot run (RunControls)
    QComboBox* presetCombo() const;

Q_SIGNALS:
    void changed();
    void presetChanged();
    void plannedGpuChanged();
    void customizeClicked();
    void randomizeSeedClicked();
    void presetMenuRequested(const QString& presetId, const QPoint& globalPos);

protected:
    void changeEvent(QEvent* event) override;

private:
    void applyDefaults(const framesmith::ParameterSpec& spec);
    void fillSchedulers();
    void fillSpeeds();
    void selectSpeed(const QString& id);
    QWidget* labelFor(const QString& field) const;
    void retranslateDynamic();

    std::unique_ptr<Ui::ParametersPanel> m_ui;
    framesmith::ParameterSpec m_spec;
    KnobFields* m_knobs = nullptr;
};
