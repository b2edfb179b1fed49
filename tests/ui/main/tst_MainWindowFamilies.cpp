// Every model family through the whole app: open the family's tiny fixture model the way a user
// does (its folder), see the form take the family's samplers, click Generate and get the clip in
// the player and one entry in the History (Wan too: text to video, and TI2V-5B from a dropped image).
// The families switch by opening another folder, in one window, with the warm engine reloading for
// the new model; the negative prompt takes the family's usual one (Wan's) unless the user wrote one.
#include "framesmith/Engine.h"
#include "ui/form/PromptPanel.h"
#include "ui/generation/GenerationController.h"
#include "ui/history/HistoryPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "widgets/ImageDropArea.h"
#include "widgets/PreviewPlayer.h"
#include "support/TestRegistry.h"

#include <QComboBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QUrl>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace tst_MainWindowFamilies {

namespace {
constexpr int kTimeoutMs = 240000;
} // namespace

class tst_MainWindowFamilies : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
    }

    void everyFamilyGeneratesAClipInTheApp()
    {
        struct Model {
            QString folder;
            int frames, width, height; // a small clip each family's rules allow
        };
        const QList<Model> models = {
            {QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"), 9, 96, 64},
            // Open-Sora 1.2: the three repos as they sit on a user's disk; 17 frames, the first
            // length past the still image.
            {QStringLiteral(FRAMESMITH_FIXTURES_DIR "/opensora/models"), 17, 64, 64},
            // Wan 2.1 T2V as its -Diffusers repo lays it out; 4k+1 frames, sizes on the 16 grid.
            {QStringLiteral(FRAMESMITH_FIXTURES_DIR "/wan/models/wan2.1-t2v"), 9, 96, 64},
        };
        AppSettings settings(m_dir.filePath(QStringLiteral("families.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("history")));
        window.resize(1400, 900);
        window.show();
        QStringList families;
        for (const Model& model : models) {
            window.setModelFolder(model.folder);
            QVERIFY(QTest::qWaitFor([&] { return window.isModelReady(); }, kTimeoutMs));
            const framesmith::ParameterSpec spec = framesmith::Engine::parameterSpec(model.folder.toStdString());
            families << QString::fromStdString(spec.family);
            // The form offers this family's samplers ("Model default" first).
            auto* schedulers = window.findChild<QComboBox*>(QStringLiteral("schedulerCombo"));
            QCOMPARE(schedulers->count(), int(spec.schedulers.size()) + 1);
            QCOMPARE(schedulers->itemData(1).toString(), QString::fromStdString(spec.schedulers.front().id));

            auto r = window.request();
            r.prompt = "a red fox trots through fresh snow";
            r.frameCount = model.frames;
            r.width = model.width;
            r.height = model.height;
            r.steps = 2;
            r.seed = 1024;
            r.scheduler = "";
            r.preset = "auto";
            window.setRequest(r);
            auto* generate = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
            QTRY_VERIFY2_WITH_TIMEOUT(generate->isEnabled(), qPrintable(generate->toolTip()), kTimeoutMs);
            GenerationController* controller = window.generationController();
            QSignalSpy finished(controller, &GenerationController::finished);
            QSignalSpy failed(controller, &GenerationController::failed);
            QTest::mouseClick(generate, Qt::LeftButton);
            QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kTimeoutMs);
            QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));

            PreviewPlayer* player = window.previewPlayer();
            QCOMPARE(player->frameCount(), model.frames);
            QCOMPARE(player->currentImage().size(), QSize(model.width, model.height));
            const HistoryEntry newest = window.historyPanel()->entries().first();
            QCOMPARE(newest.request.modelPath, model.folder.toStdString());
            QCOMPARE(newest.frameCount, model.frames);
            QVERIFY(QFile::exists(newest.videoPath));
        }
        QCOMPARE(window.historyPanel()->count(), int(models.size()));
        QCOMPARE(families, (QStringList{QStringLiteral("cogvideox"), QStringLiteral("opensora"), QStringLiteral("wan")}));
    }

    // Wan's usual negative prompt comes with a Wan model and goes with it; one the user wrote stays.
    void theNegativePromptFollowsTheFamily()
    {
        const QString cog = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b");
        const QString wan = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/wan/models/wan2.1-t2v");
        const QString wanDefault =
            QString::fromStdString(framesmith::Engine::parameterSpec(wan.toStdString()).defaultNegativePrompt);
        QVERIFY(wanDefault.contains(QStringLiteral("最差质量"))); // "worst quality", from Wan's own code
        QVERIFY(framesmith::Engine::parameterSpec(cog.toStdString()).defaultNegativePrompt.empty());
        QCOMPARE(QString::fromStdString(framesmith::Engine::defaultRequest(wan.toStdString()).negativePrompt), wanDefault);

        AppSettings settings(m_dir.filePath(QStringLiteral("negative.ini")));
        MainWindow window(settings);
        window.show();
        auto* negative = window.findChild<QPlainTextEdit*>(QStringLiteral("negativePromptEdit"));
        QVERIFY(negative);
        const auto open = [&](const QString& folder) {
            window.setModelFolder(folder);
            return QTest::qWaitFor([&] { return window.isModelReady() && window.request().modelPath == folder.toStdString(); },
                                   kTimeoutMs);
        };
        QVERIFY(open(cog));
        QCOMPARE(negative->toPlainText(), QString());
        QVERIFY(open(wan));
        QCOMPARE(negative->toPlainText(), wanDefault);
        QCOMPARE(QString::fromStdString(window.request().negativePrompt), wanDefault);
        QVERIFY(open(cog)); // Wan's text would mean nothing to CogVideoX's T5 prompts: it goes
        QCOMPARE(negative->toPlainText(), QString());
        negative->setPlainText(QStringLiteral("blurry, watermark"));
        QVERIFY(open(wan)); // the user's own text is theirs
        QCOMPARE(negative->toPlainText(), QStringLiteral("blurry, watermark"));
        QVERIFY(open(cog));
        QCOMPARE(negative->toPlainText(), QStringLiteral("blurry, watermark"));
    }

    // The families that take a start image: dropped on the form with the model open, the form has
    // nothing to flag, and Generate gives the clip with the image recorded in its History entry.
    // Open-Sora 1.2 conditions on it as a reference frame; Wan 2.2 TI2V-5B replaces the first
    // frame's latents (its sizes on the 32 grid; the 96 x 64 image at its own size).
    void generatesFromADroppedStartImage_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<int>("frames");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::newRow("opensora") << QStringLiteral(FRAMESMITH_FIXTURES_DIR "/opensora/models") << 17 << 64 << 64;
        QTest::newRow("wan2.2-ti2v") << QStringLiteral(FRAMESMITH_FIXTURES_DIR "/wan/models/wan2.2-ti2v") << 9 << 96
                                     << 64;
    }
    void generatesFromADroppedStartImage()
    {
        QFETCH(QString, folder);
        QFETCH(int, frames);
        QFETCH(int, width);
        QFETCH(int, height);
        const QString image = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/golden/tiny-5b-i2v/image.png");
        AppSettings settings(m_dir.filePath(QStringLiteral("start-image-%1.ini").arg(QTest::currentDataTag())));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("history-start-image-%1").arg(QTest::currentDataTag())));
        window.resize(1400, 900);
        window.show();
        window.setModelFolder(folder);
        QVERIFY(QTest::qWaitFor([&] { return window.isModelReady(); }, kTimeoutMs));
        auto r = window.request();
        r.prompt = "a red fox trots through fresh snow";
        r.frameCount = frames;
        r.width = width;
        r.height = height;
        r.steps = 2;
        r.scheduler = "";
        window.setRequest(r);

        ImageDropArea* area = window.promptPanel()->startImageArea();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(image)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(area, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(area, &drop);
        QCOMPARE(QString::fromStdString(window.request().startImagePath), image);

        auto* generate = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
        QTRY_VERIFY2_WITH_TIMEOUT(generate->isEnabled(), qPrintable(generate->toolTip()), kTimeoutMs);
        GenerationController* controller = window.generationController();
        QSignalSpy finished(controller, &GenerationController::finished);
        QSignalSpy failed(controller, &GenerationController::failed);
        QTest::mouseClick(generate, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() || !failed.isEmpty(), kTimeoutMs);
        QVERIFY2(failed.isEmpty(), failed.isEmpty() ? "" : qPrintable(failed.first().at(1).toString()));
        QCOMPARE(window.previewPlayer()->frameCount(), frames);
        const HistoryEntry newest = window.historyPanel()->entries().first();
        QCOMPARE(QString::fromStdString(newest.request.startImagePath), image);
    }
};

FRAMESMITH_TEST_MAIN(tst_MainWindowFamilies)

} // namespace tst_MainWindowFamilies
#include "tst_MainWindowFamilies.moc"
