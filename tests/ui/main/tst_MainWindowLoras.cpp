// LoRAs in the studio, end to end with the real engine and the tiny CogVideoX model: a LoRA file
// dropped on the main window lands in the LoRA panel, a strength is set, Generate runs it and the
// clip's result and sidecar carry the LoRA with its sha256 and strength; the list survives a
// restart and comes back from the history. A LoRA made for another family is refused with a
// message naming it before any weight loads, and a full checkpoint dropped as a LoRA is refused
// at once.
#include "ui/generation/GenerationController.h"
#include "ui/history/HistoryEntry.h"
#include "ui/history/HistoryPanel.h"
#include "ui/loras/LoraDock.h"
#include "ui/loras/LoraPanel.h"
#include "ui/loras/LoraRow.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "framesmith/GenerationResult.h"
#include "framesmith/Stage.h"
#include "support/TestRegistry.h"

#include <QApplication>
#include <QCryptographicHash>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

namespace tst_MainWindowLoras {

namespace {
constexpr int kTimeoutMs = 120000;
const QString kCogLora = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/lora/loras/cog_peft_r4.safetensors");
const QString kWanLora = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/lora/loras/wan_musubi_r4.safetensors");
const QString kCheckpoint = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/lora/bad/full_checkpoint.safetensors");

bool setTinyRequest(MainWindow& window)
{
    window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
    auto r = window.request();
    r.prompt = "a red fox trots through fresh snow";
    r.frameCount = 9;
    r.width = 96;
    r.height = 64;
    r.steps = 2;
    r.seed = 7;
    r.scheduler = "";
    r.preset = "auto";
    window.setRequest(r);
    return QTest::qWaitFor([&] { return window.isModelReady(); }, kTimeoutMs);
}

// Drops `files` on the window itself (not on a widget that takes drops); whether it was accepted.
bool dropOnWindow(MainWindow& window, const QStringList& files)
{
    QMimeData mime;
    QList<QUrl> urls;
    for (const QString& file : files)
        urls << QUrl::fromLocalFile(file);
    mime.setUrls(urls);
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QDropEvent drop(QPointF(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    return enter.isAccepted() && drop.isAccepted();
}

std::string sha256Of(const QString& path)
{
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result().toHex().toStdString();
}
} // namespace

class tst_MainWindowLoras : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
    }

    void aDroppedLoraRunsWithItsStrength()
    {
        const QString ini = m_dir.filePath(QStringLiteral("lora.ini"));
        AppSettings settings(ini);
        {
            MainWindow window(settings);
            window.setHistoryRoot(m_dir.filePath(QStringLiteral("history")));
            window.resize(1400, 900);
            window.show();
            QVERIFY(setTinyRequest(window));
            LoraPanel* panel = window.loraPanel();
            QVERIFY(!window.loraDock()->dock()->isVisible());
            QVERIFY(dropOnWindow(window, {kCogLora}));
            QCOMPARE(panel->rowCount(), 1);
            QVERIFY(window.loraDock()->dock()->isVisible());
            panel->row(0)->strengthSlider()->setValue(60);
            QCOMPARE(panel->row(0)->strengthBox()->value(), 0.6);
            QCOMPARE(window.request().loras.size(), std::size_t(1));

            auto* generate = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
            QTRY_VERIFY2_WITH_TIMEOUT(generate->isEnabled(), qPrintable(generate->toolTip()), kTimeoutMs);
            GenerationController* controller = window.generationController();
            QSignalSpy finished(controller, &GenerationController::finished);
            QSignalSpy failed(controller, &GenerationController::failed);
            QTest::mouseClick(generate, Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kTimeoutMs);
            QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));

            const auto result = finished.first().at(0).value<framesmith::GenerationResult>();
            QCOMPARE(result.request.loras.size(), std::size_t(1));
            QCOMPARE(QString::fromStdString(result.request.loras[0].file), kCogLora);
            QCOMPARE(result.request.loras[0].strength, 0.6);
            QCOMPARE(result.request.loras[0].sha256, sha256Of(kCogLora));
            QTRY_VERIFY_WITH_TIMEOUT(!window.historyPanel()->entries().isEmpty(), kTimeoutMs);
            const HistoryEntry sidecar = window.historyPanel()->entries().first(); // read back from its sidecar
            QCOMPARE(sidecar.request.loras.size(), std::size_t(1));
            QCOMPARE(sidecar.request.loras[0].strength, 0.6);
            QCOMPARE(sidecar.request.loras[0].sha256, sha256Of(kCogLora));

            panel->write(framesmith::GenerationRequest()); // the history puts it back
            QCOMPARE(panel->rowCount(), 0);
            window.setRequest(sidecar.request);
            QCOMPARE(panel->rowCount(), 1);
            QCOMPARE(panel->row(0)->strengthBox()->value(), 0.6);
            window.close();
        }
        MainWindow restarted(settings); // the panel survives a restart like the other fields
        QCOMPARE(restarted.loraPanel()->rowCount(), 1);
        QCOMPARE(restarted.loraPanel()->row(0)->file(), kCogLora);
        QCOMPARE(restarted.loraPanel()->row(0)->strengthBox()->value(), 0.6);
    }

    void aLoraForAnotherFamilyIsRefusedBeforeTheRun()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("wrong.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("history-wrong")));
        window.resize(1400, 900);
        window.show();
        QVERIFY(setTinyRequest(window));
        QVERIFY(dropOnWindow(window, {kWanLora}));
        QCOMPARE(window.loraPanel()->rowCount(), 1); // a LoRA: whether it fits is the engine's check

        auto* generate = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
        QTRY_VERIFY2_WITH_TIMEOUT(generate->isEnabled(), qPrintable(generate->toolTip()), kTimeoutMs);
        GenerationController* controller = window.generationController();
        QSignalSpy finished(controller, &GenerationController::finished);
        QSignalSpy failed(controller, &GenerationController::failed);
        QSignalSpy stages(controller, &GenerationController::stageStarted);
        QSignalSpy shown(&window, &MainWindow::clipShown);
        QTest::mouseClick(generate, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kTimeoutMs);
        QVERIFY(finished.isEmpty());
        const QString detail = failed.first().at(0).toString() + QLatin1Char('\n') + failed.first().at(1).toString();
        QVERIFY2(detail.contains(QStringLiteral("wan_musubi_r4.safetensors")), qPrintable(detail));
        for (const QList<QVariant>& stage : stages)
            QVERIFY2(stage.at(0).toInt() != int(framesmith::Stage::TextEncoding) && stage.at(0).toInt() != int(framesmith::Stage::Denoising),
                     qPrintable(detail)); // refused before the model ran
        QTRY_VERIFY(window.findChild<QMessageBox*>(QStringLiteral("errorBox")) != nullptr);
        QVERIFY(shown.isEmpty());
        QVERIFY(window.historyPanel()->entries().isEmpty());
    }

    void aCheckpointDroppedAsLoraIsRefusedAtOnce()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("checkpoint.ini")));
        MainWindow window(settings);
        window.show();
        dropOnWindow(window, {kCheckpoint});
        QCOMPARE(window.loraPanel()->rowCount(), 0);
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"))) != nullptr);
        QVERIFY2(box->detailedText().contains(QStringLiteral("full_checkpoint.safetensors")) &&
                     box->detailedText().contains(QStringLiteral("is not a LoRA")),
                 qPrintable(box->detailedText()));
    }
};

FRAMESMITH_TEST_MAIN(tst_MainWindowLoras)

} // namespace tst_MainWindowLoras
#include "tst_MainWindowLoras.moc"
