// The LoRA panel with real widgets: rows added from files (a pair brings its partner on its
// expert, a file that is no LoRA is refused naming it), removed, toggled, strength slider and spin
// box in step, the expert choice only for a two-expert model, the request it writes and a request
// put back (a missing file named), the "Found" menu of the usual folders, and the list surviving a
// restart through AppSettings.
#include "framesmith/DataFolders.h"
#include "ui/loras/LoraFolderMenu.h"
#include "ui/loras/LoraPanel.h"
#include "ui/loras/LoraRow.h"
#include "ui/settings/AppSettings.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMimeData>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUrl>

namespace tst_LoraPanel {

namespace {
const QString kCogLora = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/lora/loras/cog_peft_r4.safetensors");
const QString kCheckpoint = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/lora/bad/full_checkpoint.safetensors");
const QString kTinyCog = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b");
const QString kTwoExperts = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/wan/models/wan2.2-a14b");
} // namespace

class tst_LoraPanel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    // A copy of the fixture LoRA under `relative` in the temporary folder.
    QString copyLora(const QString& relative)
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile::remove(path);
        return QFile::copy(kCogLora, path) ? path : QString();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }

    void addsDescribesAndRemovesRows()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("add.ini")));
        LoraPanel panel(settings);
        QSignalSpy changed(&panel, &LoraPanel::changed);
        QCOMPARE(panel.addFiles({kCogLora}), 1);
        QCOMPARE(panel.addFiles({kCogLora}), 0); // listed once
        QCOMPARE(panel.rowCount(), 1);
        QVERIFY(!changed.isEmpty());
        LoraRow* row = panel.row(0);
        QCOMPARE(row->nameLabel()->text(), QStringLiteral("cog_peft_r4"));
        QVERIFY2(row->nameLabel()->toolTip().contains(QStringLiteral("diffusers/PEFT")), qPrintable(row->nameLabel()->toolTip()));
        QVERIFY(row->nameLabel()->toolTip().contains(QStringLiteral("rank 4")));

        framesmith::GenerationRequest r;
        panel.readInto(r);
        QCOMPARE(r.loras.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(r.loras[0].file), kCogLora);
        QCOMPARE(r.loras[0].strength, 1.0);
        QVERIFY(r.loras[0].enabled);
        QVERIFY(r.loras[0].expert.empty());

        QTest::mouseClick(row->removeButton(), Qt::LeftButton);
        QCOMPARE(panel.rowCount(), 0);
        panel.readInto(r);
        QVERIFY(r.loras.empty());
    }

    void refusesAFileThatIsNoLora()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("refuse.ini")));
        LoraPanel panel(settings);
        QSignalSpy refused(&panel, &LoraPanel::fileRefused);
        QCOMPARE(panel.addFiles({kCheckpoint, m_dir.filePath(QStringLiteral("notes.txt"))}), 0);
        QCOMPARE(panel.rowCount(), 0);
        QCOMPARE(refused.size(), 2);
        const QString message = refused.first().at(1).toString();
        QVERIFY2(message.contains(QStringLiteral("full_checkpoint.safetensors")) && message.contains(QStringLiteral("is not a LoRA")),
                 qPrintable(message));
        QVERIFY(refused.last().at(1).toString().contains(QStringLiteral("notes.txt")));
    }

    void keepsSliderAndSpinBoxInStepAndToggles()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("strength.ini")));
        LoraPanel panel(settings);
        panel.addFiles({kCogLora});
        LoraRow* row = panel.row(0);
        row->strengthSlider()->setValue(-125);
        QCOMPARE(row->strengthBox()->value(), -1.25);
        row->strengthBox()->setValue(0.6);
        QCOMPARE(row->strengthSlider()->value(), 60);
        row->strengthBox()->setValue(5.0); // clamped to the engine's range
        QCOMPARE(row->strengthBox()->value(), 2.0);
        QCOMPARE(row->strengthSlider()->value(), 200);
        row->strengthBox()->setValue(0.6);
        row->enabledBox()->setChecked(false);
        framesmith::GenerationRequest r;
        panel.readInto(r);
        QCOMPARE(r.loras[0].strength, 0.6);
        QVERIFY(!r.loras[0].enabled);
    }

    void showsTheExpertChoiceOnlyForATwoExpertModel()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("experts.ini")));
        LoraPanel panel(settings);
        panel.show();
        panel.addFiles({kCogLora});
        LoraRow* row = panel.row(0);
        panel.setModelFolder(kTinyCog);
        QVERIFY(!panel.hasExperts());
        QVERIFY(!row->isExpertChoiceShown());
        panel.setModelFolder(kTwoExperts);
        QVERIFY(panel.hasExperts());
        QVERIFY(row->isExpertChoiceShown());
        row->expertCombo()->setCurrentIndex(row->expertCombo()->findData(QStringLiteral("low")));
        framesmith::GenerationRequest r;
        panel.readInto(r);
        QCOMPARE(QString::fromStdString(r.loras[0].expert), QStringLiteral("low"));
        panel.setModelFolder(kTinyCog); // one transformer: the choice is kept but not asked for
        panel.readInto(r);
        QVERIFY(r.loras[0].expert.empty());
    }

    void addsBothFilesOfAPairOnTheirExperts()
    {
        const QString high = copyLora(QStringLiteral("pair/orbit_lora_HIGH_fp16.safetensors"));
        const QString low = copyLora(QStringLiteral("pair/orbit_lora_LOW_fp16.safetensors"));
        QVERIFY(!high.isEmpty() && !low.isEmpty());
        AppSettings settings(m_dir.filePath(QStringLiteral("pair.ini")));
        LoraPanel panel(settings);
        panel.setModelFolder(kTwoExperts);
        QSignalSpy status(&panel, &LoraPanel::statusMessage);
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(low)});
        QDragEnterEvent enter(QPoint(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&panel, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(5, 5), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&panel, &drop);
        QCOMPARE(panel.rowCount(), 2);
        QCOMPARE(status.size(), 1);
        framesmith::GenerationRequest r;
        panel.readInto(r);
        QCOMPARE(QString::fromStdString(r.loras[0].file), low);
        QCOMPARE(QString::fromStdString(r.loras[0].expert), QStringLiteral("low"));
        QCOMPARE(QString::fromStdString(r.loras[1].file), high);
        QCOMPARE(QString::fromStdString(r.loras[1].expert), QStringLiteral("high"));
    }

    void putsARequestBackAndNamesAMissingFile()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("restore.ini")));
        LoraPanel panel(settings);
        panel.setModelFolder(kTwoExperts);
        framesmith::GenerationRequest r;
        r.loras.push_back({kCogLora.toStdString(), -0.4, "high", false, ""});
        r.loras.push_back({m_dir.filePath(QStringLiteral("gone/vanished.safetensors")).toStdString(), 0.8, "", true,
                           std::string(64, 'b')});
        panel.write(r);
        QCOMPARE(panel.rowCount(), 2);
        QCOMPARE(panel.row(0)->strengthSlider()->value(), -40);
        QVERIFY(!panel.row(0)->enabledBox()->isChecked());
        QCOMPARE(panel.row(0)->expertCombo()->currentData().toString(), QStringLiteral("high"));
        QVERIFY(panel.row(0)->problem().isEmpty());
        const QString problem = panel.problemText();
        QVERIFY2(problem.contains(QStringLiteral("vanished.safetensors")) && problem.contains(QStringLiteral("is missing")),
                 qPrintable(problem));
        QCOMPARE(panel.row(1)->problem(), problem);
        framesmith::GenerationRequest back;
        panel.readInto(back);
        QCOMPARE(back.loras.size(), std::size_t(2));
        QCOMPARE(back.loras[1].sha256, std::string(64, 'b')); // kept: the engine looks for it again
        QCOMPARE(back.loras[0].strength, -0.4);

        panel.write(framesmith::GenerationRequest());
        QCOMPARE(panel.rowCount(), 0);
        QVERIFY(panel.problemText().isEmpty());
    }

    void listsTheLorasOfTheUsualFolders()
    {
        const QString inRoot = copyLora(QStringLiteral("data/loras/style.safetensors"));
        copyLora(QStringLiteral("comfy/models/loras/speed_high_noise.safetensors"));
        const QString low = copyLora(QStringLiteral("comfy/models/loras/speed_low_noise.safetensors"));
        AppSettings settings(m_dir.filePath(QStringLiteral("folders.ini")));
        LoraPanel panel(settings);
        LoraFolderMenu* menu = panel.folderMenu();
        QVERIFY(menu->addFolder(m_dir.filePath(QStringLiteral("comfy/models/loras"))));
        QVERIFY(!menu->addFolder(m_dir.filePath(QStringLiteral("comfy/models/loras"))));
        QCOMPARE(settings.loraFolders().size(), 1);
        menu->rebuild();
        QStringList texts;
        for (QAction* action : menu->menu()->actions())
            texts << action->text();
        QVERIFY2(texts.contains(QStringLiteral("style.safetensors")), qPrintable(texts.join('|')));
        QVERIFY2(texts.contains(QStringLiteral("speed_high_noise.safetensors (high and low noise pair)")), qPrintable(texts.join('|')));
        QVERIFY(!texts.contains(QStringLiteral("speed_low_noise.safetensors")));
        QVERIFY(texts.contains(QStringLiteral("Add a LoRA folder…")));
        for (QAction* action : menu->menu()->actions())
            if (action->text().startsWith(QStringLiteral("speed_high")))
                action->trigger();
        QCOMPARE(panel.rowCount(), 2);
        QCOMPARE(panel.row(1)->file(), low);
        Q_UNUSED(inRoot);
    }

    void theListSurvivesARestart()
    {
        const QString ini = m_dir.filePath(QStringLiteral("restart.ini"));
        framesmith::GenerationRequest r;
        r.loras.push_back({kCogLora.toStdString(), 0.75, "low", false, std::string(64, 'c')});
        AppSettings(ini).setLastRequest(r);
        const framesmith::GenerationRequest back = AppSettings(ini).lastRequest();
        QCOMPARE(back.loras.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(back.loras[0].file), kCogLora);
        QCOMPARE(back.loras[0].strength, 0.75);
        QCOMPARE(QString::fromStdString(back.loras[0].expert), QStringLiteral("low"));
        QVERIFY(!back.loras[0].enabled);
        QCOMPARE(back.loras[0].sha256, std::string(64, 'c'));
    }
};

FRAMESMITH_TEST_MAIN(tst_LoraPanel)

} // namespace tst_LoraPanel
#include "tst_LoraPanel.moc"
