#pragma once
// Edits a custom memory preset: a name, one box per registered strategy, the compute dtype, the
// blocks streamed ahead and the VAE tile size, with the planner's forecast for the request on the
// form (with fewer than two GPUs here, for GPUs the user names: a count and a size). It starts from the chosen preset's levers ("auto": the preset auto would pick here).
// Strategies that exclude each other (the strategies' own rules) cannot be ticked together:
// ticking one unticks the other and says why. Save writes the user preset (PresetCatalog,
// atomically) and reports its name; a refused name or a failed save keeps the dialog open with
// every edit and says why; nothing is silently rewritten. GUI thread only.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "framesmith/PresetCatalog.h"

#include <QDialog>
#include <QVector>

#include <vector>

class PlannedGpusEditor;
class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

class PresetEditorDialog : public QDialog {
    Q_OBJECT

public:
    // startFrom: a built-in or user preset name (unknown: an empty preset). request and devices
    // drive the forecast; a request without a model shows none.
    static constexpr qint64 kDefaultPlannedGpuBytes = qint64(24) << 30;

    // plannedGpuBytes: the GPU the forecast assumes when `devices` has none.
    PresetEditorDialog(const QString& startFrom, const framesmith::GenerationRequest& request,
                       std::vector<framesmith::DeviceInfo> devices, qint64 plannedGpuBytes = kDefaultPlannedGpuBytes,
                       QWidget* parent = nullptr);

    framesmith::MemoryPreset preset() const; // as edited now
    QString errorText() const;               // empty: nothing refused
    QString forecastText() const;
    QString conflictText() const; // why a box was unticked; empty: nothing happened
    QString startedFrom() const { return m_startedFrom; } // the preset the levers came from

    bool save(); // what the Save button does; false: refused or failed (errorText() says why)

Q_SIGNALS:
    void presetSaved(const QString& name);

private:
    void buildForm();
    QWidget* buildStrategyBoxes();
    void loadFrom(const QString& name);
    void onStrategyToggled(QCheckBox* box, bool isChecked);
    void onStrategiesChanged();
    QString resolveStart(const QString& name) const;
    void updateForecast();
    void showError(const QString& message);
    std::vector<std::string> checkedStrategies() const;

    framesmith::PresetCatalog m_catalog;
    framesmith::GenerationRequest m_request;
    std::vector<framesmith::DeviceInfo> m_devices;
    framesmith::MemoryPreset m_base; // what the ticked strategies alone make: numbers still equal to it follow them
    framesmith::MemoryPreset m_start; // the preset it started from, with levers no box shows
    qint64 m_plannedGpuBytes = kDefaultPlannedGpuBytes;
    QString m_startedFrom;

    QLineEdit* m_nameEdit = nullptr;
    QLineEdit* m_descriptionEdit = nullptr;
    QVector<QCheckBox*> m_strategyBoxes; // objectName: the strategy id
    QComboBox* m_dtypeCombo = nullptr;
    QSpinBox* m_prefetchSpin = nullptr;
    QSpinBox* m_headroomSpin = nullptr;
    QSpinBox* m_tileHeightSpin = nullptr;
    QSpinBox* m_tileWidthSpin = nullptr;
    PlannedGpusEditor* m_plannedGpus = nullptr; // shown where this machine has fewer than two GPUs
    QLabel* m_forecastLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    QLabel* m_conflictLabel = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};
