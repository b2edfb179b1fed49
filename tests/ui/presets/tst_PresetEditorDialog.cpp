// Custom presets in the app: "Customize…" opens the editor on the selected preset, ticking a
// strategy and saving writes the user preset where the engine reads it, the picker lists and
// selects it, history reload finds it again; bad names are refused in the dialog, nothing lost.
#include "framesmith/MemoryPreset.h"
#include "framesmith/PresetCatalog.h"
#include "ui/main/MainWindow.h"
#include "ui/presets/PresetEditorDialog.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/AppTranslator.h"
#include "support/TestRegistry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPointer>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

namespace tst_PresetEditorDialog {

namespace {
bool hasStrategy(const framesmith::MemoryPreset& p, const char* id)
{
    return std::find(p.strategies.begin(), p.strategies.end(), id) != p.strategies.end();
}

QStringList presetIds(const QComboBox& combo)
{
    QStringList ids;
    for (int i = 0; i < combo.count(); ++i)
        if (!combo.itemData(i).toString().isEmpty()) // the separator carries none
            ids << combo.itemData(i).toString();
    return ids;
}

void typeName(PresetEditorDialog& dialog, const QString& name)
{
    auto* edit = dialog.findChild<QLineEdit*>(QStringLiteral("nameEdit"));
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    QTest::keyClicks(edit, name);
}

void clickSave(PresetEditorDialog& dialog)
{
    dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save)->click();
}
} // namespace

class tst_PresetEditorDialog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString presetFile(const QString& name) const
    {
        return m_dir.filePath(QStringLiteral("xdg/Framesmith/presets/%1.json").arg(name));
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("xdg")).toUtf8());
    }

    void customizeFromTheMainWindowSavesAndSelects()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("main.ini")));
        MainWindow window(settings);
        auto* combo = window.findChild<QComboBox*>(QStringLiteral("presetCombo"));
        combo->setCurrentIndex(combo->findData(QStringLiteral("low-memory")));
        window.findChild<QPushButton*>(QStringLiteral("customizePresetButton"))->click();
        QPointer<PresetEditorDialog> dialog = window.findChild<PresetEditorDialog*>();
        QVERIFY(dialog);
        QCOMPARE(dialog->findChild<QLineEdit*>(QStringLiteral("nameEdit"))->text(), QStringLiteral("low-memory-custom"));
        QVERIFY(dialog->findChild<QCheckBox*>(QStringLiteral("block-streaming"))->isChecked()); // started from low-memory
        auto* fp8 = dialog->findChild<QCheckBox*>(QStringLiteral("fp8-weights"));
        QVERIFY(!fp8->isChecked());
        QVERIFY(!fp8->text().isEmpty() && fp8->toolTip().contains(QStringLiteral("fp8-weights")));
        fp8->click();
        auto* headroom = dialog->findChild<QSpinBox*>(QStringLiteral("headroomSpin"));
        QVERIFY(headroom && headroom->value() == 0);
        headroom->setValue(2048); // leave 2 GiB to the desktop and a browser
        typeName(*dialog, QStringLiteral("studio-fp8"));
        clickSave(*dialog);

        QVERIFY(QFile::exists(presetFile(QStringLiteral("studio-fp8"))));
        QFile file(presetFile(QStringLiteral("studio-fp8")));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const framesmith::MemoryPreset saved = framesmith::presetFromJson(file.readAll().toStdString(), "test");
        QVERIFY(hasStrategy(saved, "fp8-weights") && hasStrategy(saved, "block-streaming"));
        QVERIFY(saved.weightStorage == framesmith::WeightStorage::Float8);
        QVERIFY(saved.transformer == framesmith::Placement::Streamed);
        QCOMPARE(saved.vramHeadroomMb, 2048);
        QCOMPARE(presetIds(*combo), (QStringList{"auto", "24gb", "multi-gpu", "low-memory", "max-speed", "studio-fp8"}));
        QCOMPARE(combo->currentData().toString(), QStringLiteral("studio-fp8"));
        QCOMPARE(window.request().preset, std::string("studio-fp8"));
        QTRY_VERIFY(!dialog); // closed and deleted
    }

    void historyReloadSelectsTheUserPreset()
    {
        QVERIFY(QFile::exists(presetFile(QStringLiteral("studio-fp8"))));
        AppSettings settings(m_dir.filePath(QStringLiteral("reload.ini")));
        MainWindow window(settings);
        framesmith::GenerationRequest r = window.request();
        r.preset = "studio-fp8";
        window.setRequest(r);
        auto* combo = window.findChild<QComboBox*>(QStringLiteral("presetCombo"));
        QCOMPARE(combo->currentData().toString(), QStringLiteral("studio-fp8"));
        r.preset = "24gb";
        window.setRequest(r);
        QCOMPARE(combo->currentData().toString(), QStringLiteral("24gb"));
    }

    void builtInNameIsRefusedVisiblyAndNothingIsLost()
    {
        PresetEditorDialog dialog(QStringLiteral("24gb"), {}, {});
        QSignalSpy saved(&dialog, &PresetEditorDialog::presetSaved);
        dialog.findChild<QCheckBox*>(QStringLiteral("int8-weights"))->click();
        typeName(dialog, QStringLiteral("24gb"));
        clickSave(dialog);
        auto* error = dialog.findChild<QLabel*>(QStringLiteral("errorLabel"));
        QVERIFY(!error->isHidden());
        QVERIFY2(error->text().contains(QStringLiteral("built-in")), qPrintable(error->text()));
        QCOMPARE(saved.count(), 0);
        QVERIFY(dialog.result() != QDialog::Accepted);
        QVERIFY(!QFile::exists(presetFile(QStringLiteral("24gb"))));
        QVERIFY(dialog.findChild<QCheckBox*>(QStringLiteral("int8-weights"))->isChecked()); // edits kept
        QCOMPARE(dialog.findChild<QLineEdit*>(QStringLiteral("nameEdit"))->text(), QStringLiteral("24gb"));
    }

    void emptyNameIsRefused()
    {
        PresetEditorDialog dialog(QStringLiteral("max-speed"), {}, {});
        QSignalSpy saved(&dialog, &PresetEditorDialog::presetSaved);
        typeName(dialog, QString());
        QVERIFY(!dialog.save());
        QVERIFY(dialog.errorText().contains(QStringLiteral("name")));
        QCOMPARE(saved.count(), 0);
    }

    void backendRefusalIsShownNotLost()
    {
        PresetEditorDialog dialog(QStringLiteral("24gb"), {}, {});
        typeName(dialog, QStringLiteral("odd-tiles"));
        dialog.findChild<QSpinBox*>(QStringLiteral("tileHeightSpin"))->setValue(20); // not a multiple of 8
        QVERIFY(!dialog.save());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("tileHeight")), qPrintable(dialog.errorText()));
        QVERIFY(!QFile::exists(presetFile(QStringLiteral("odd-tiles"))));
        QCOMPARE(dialog.findChild<QSpinBox*>(QStringLiteral("tileHeightSpin"))->value(), 20);
    }

    void numbersFollowTheStrategiesUntilTheUserSetsThem()
    {
        PresetEditorDialog dialog(QStringLiteral("24gb"), {}, {});
        auto* height = dialog.findChild<QSpinBox*>(QStringLiteral("tileHeightSpin"));
        QCOMPARE(height->value(), 240);
        dialog.findChild<QCheckBox*>(QStringLiteral("vae-small-tiles"))->click();
        QCOMPARE(height->value(), 144);
        QCOMPARE(dialog.preset().vaeTileHeight, 144);
        height->setValue(192);
        dialog.findChild<QCheckBox*>(QStringLiteral("vae-small-tiles"))->click();
        QCOMPARE(height->value(), 192); // the user's own value stays
        auto* dtype = dialog.findChild<QComboBox*>(QStringLiteral("dtypeCombo"));
        dtype->setCurrentIndex(dtype->findData(int(framesmith::ComputeDtype::Float16)));
        QVERIFY(dialog.preset().dtype == framesmith::ComputeDtype::Float16);
    }

    void forecastFollowsTheEditedPreset()
    {
        framesmith::GenerationRequest r;
        r.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b";
        r.frameCount = 9;
        r.width = 64;
        r.height = 64;
        PresetEditorDialog dialog(QStringLiteral("24gb"), r, {});
        QVERIFY2(!dialog.forecastText().isEmpty(), "a model on the form gets a forecast");
        PresetEditorDialog noModel(QStringLiteral("24gb"), {}, {});
        QVERIFY(noModel.forecastText().isEmpty());
    }

    // With fewer than two GPUs here, "Multi-GPU" is planned for the GPUs chosen in the editor (a
    // count and a size), never silently for one; with two here the choice is not offered.
    void multiGpuIsPlannedForTheGpusChosenInTheEditor()
    {
        framesmith::GenerationRequest r;
        r.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/full-size-configs/cogvideox-5b";
        const std::vector<framesmith::DeviceInfo> cpuOnly{{-1, "CPU", qint64(64) << 30, qint64(60) << 30}};
        PresetEditorDialog dialog(QStringLiteral("multi-gpu"), r, cpuOnly);
        QVERIFY2(dialog.forecastText().contains(QStringLiteral("On 2 GPUs of 24.0 GiB that you choose")),
                 qPrintable(dialog.forecastText()));
        dialog.findChild<QSpinBox*>(QStringLiteral("plannedGpuCountSpin"))->setValue(4);
        dialog.findChild<QSpinBox*>(QStringLiteral("plannedGpuSizeSpin"))->setValue(40);
        QVERIFY2(dialog.forecastText().contains(QStringLiteral("On 4 GPUs of 40.0 GiB that you choose")) &&
                     dialog.forecastText().contains(QStringLiteral("GPU 3 ")),
                 qPrintable(dialog.forecastText()));
        const std::vector<framesmith::DeviceInfo> twoGpus{{0, "GPU", qint64(24) << 30, qint64(24) << 30},
                                                          {1, "GPU", qint64(24) << 30, qint64(24) << 30}, cpuOnly.front()};
        PresetEditorDialog here(QStringLiteral("multi-gpu"), r, twoGpus);
        QVERIFY(!here.findChild<QSpinBox*>(QStringLiteral("plannedGpuCountSpin"))->isVisibleTo(&here));
        QVERIFY2(!here.forecastText().contains(QStringLiteral("that you choose")), qPrintable(here.forecastText()));
    }

    void excludedStrategiesCannotBeTickedTogether()
    {
        PresetEditorDialog dialog(QStringLiteral("24gb"), {}, {});
        auto* fp8 = dialog.findChild<QCheckBox*>(QStringLiteral("fp8-weights"));
        auto* int8 = dialog.findChild<QCheckBox*>(QStringLiteral("int8-weights"));
        auto* resident = dialog.findChild<QCheckBox*>(QStringLiteral("transformer-resident"));
        auto* streaming = dialog.findChild<QCheckBox*>(QStringLiteral("block-streaming"));
        QVERIFY(resident->isChecked());
        fp8->click();
        int8->click();
        QVERIFY(int8->isChecked());
        QVERIFY(!fp8->isChecked()); // one weight storage: the other was unticked...
        QVERIFY2(dialog.conflictText().contains(fp8->text()), qPrintable(dialog.conflictText())); // ...and it says so
        streaming->click();
        QVERIFY(!resident->isChecked());
        QVERIFY(dialog.preset().transformer == framesmith::Placement::Streamed);
        QVERIFY(framesmith::PresetCatalog::conflicts(dialog.preset().strategies).empty());
        QVERIFY2(dialog.save(), qPrintable(dialog.errorText()));
    }

    void customizingAutoStartsFromThePresetItWouldPick()
    {
        framesmith::GenerationRequest r;
        r.modelPath = FRAMESMITH_FIXTURES_DIR "/cogvideox/full-size-configs/cogvideox-5b";
        const std::vector<framesmith::DeviceInfo> oneSmallGpu{{0, "GPU", qint64(12) << 30, qint64(12) << 30},
                                                              {-1, "CPU", qint64(64) << 30, qint64(60) << 30}};
        PresetEditorDialog dialog(QStringLiteral("auto"), r, oneSmallGpu);
        QCOMPARE(dialog.startedFrom(), QStringLiteral("low-memory")); // what auto picks for 12 GB
        QVERIFY(dialog.findChild<QCheckBox*>(QStringLiteral("block-streaming"))->isChecked());
        QCOMPARE(dialog.findChild<QLineEdit*>(QStringLiteral("nameEdit"))->text(), QStringLiteral("low-memory-custom"));
    }

    void anUnusableNameIsRefusedNotRewritten()
    {
        PresetEditorDialog dialog(QStringLiteral("24gb"), {}, {});
        QSignalSpy saved(&dialog, &PresetEditorDialog::presetSaved);
        typeName(dialog, QStringLiteral("my preset!"));
        QVERIFY(!dialog.errorText().isEmpty()); // said while typing
        QVERIFY(!dialog.save());
        QVERIFY2(dialog.errorText().contains(QStringLiteral("characters")), qPrintable(dialog.errorText()));
        QCOMPARE(dialog.findChild<QLineEdit*>(QStringLiteral("nameEdit"))->text(), QStringLiteral("my preset!"));
        QCOMPARE(saved.count(), 0);
    }

    void strategyLabelsAreTranslated()
    {
        AppTranslator translator;
        QVERIFY(translator.apply(QStringLiteral("zh_CN")));
        PresetEditorDialog dialog(QStringLiteral("24gb"), {}, {});
        QCOMPARE(dialog.findChild<QCheckBox*>(QStringLiteral("fp8-weights"))->text(),
                 QString::fromUtf8("\xe4\xbb\xa5 fp8 \xe5\xad\x98\xe5\x82\xa8\xe6\x9d\x83\xe9\x87\x8d")); // 以 fp8 存储权重
        translator.apply(QStringLiteral("en"));
    }
};

FRAMESMITH_TEST_MAIN(tst_PresetEditorDialog)

} // namespace tst_PresetEditorDialog
#include "tst_PresetEditorDialog.moc"
