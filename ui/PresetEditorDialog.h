#pragma once
// Edits a custom memory preset: a name, one box per registered strategy, the compute dtype, the
// blocks streamed ahead and the VAE tile size, with the planner's forecast for the request on the
// form. Save writes the user preset (framesmith::PresetCatalog, atomically) and reports its name;
// a refused or failed save keeps the dialog open with every edit and says why. GUI thread only.
#include "framesmith/DeviceInfo.h"
#include "framesmith/GenerationRequest.h"
#include "framesmith/MemoryPreset.h"
#include "framesmith/PresetCatalog.h"

#include <QDialog>
#include <QVector>

#include <vector>

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
    PresetEditorDialog(const QString& startFrom, const framesmith::GenerationRequest& request,
                       std::vector<framesmith::DeviceInfo> devices, QWidget* parent = nullptr);

    framesmith::MemoryPreset preset() const; // as edited now
    QString errorText() const;               // empty: nothing refused
    QString forecastText() const;

    bool save(); // what the Save button does; false: refused or failed (errorText() says why)

Q_SIGNALS:
    void presetSaved(const QString& name);

private:
    void buildForm();
    QWidget* buildStrategyBoxes();
    void loadFrom(const QString& name);
    void onStrategiesChanged();
    void updateForecast();
    void showError(const QString& message);
    std::vector<std::string> checkedStrategies() const;

    framesmith::PresetCatalog m_catalog;
    framesmith::GenerationRequest m_request;
    std::vector<framesmith::DeviceInfo> m_devices;
    framesmith::MemoryPreset m_base; // what the ticked strategies alone make: numbers still equal to it follow them

    QLineEdit* m_nameEdit = nullptr;
    QLineEdit* m_descriptionEdit = nullptr;
    QVector<QCheckBox*> m_strategyBoxes; // objectName: the strategy id
    QComboBox* m_dtypeCombo = nullptr;
    QSpinBox* m_prefetchSpin = nullptr;
    QSpinBox* m_tileHeightSpin = nullptr;
    QSpinBox* m_tileWidthSpin = nullptr;
    QLabel* m_forecastLabel = nullptr;
    QLabel* m_errorLabel = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};
