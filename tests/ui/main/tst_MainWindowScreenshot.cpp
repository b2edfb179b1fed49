// Renders the main window offscreen in English and Simplified Chinese around a real generation with
// the tiny fixture model: idle (model checked, forecast shown), generating (memory graph with its
// stage bands and the forming preview mid-run), done (the clip in the player, the history open) and
// the preset editor and a failed decode with its latents kept (the message over the window); fails
// when a render is blank or the Chinese translation does not take effect.
// The PNGs go to the build folder; with FRAMESMITH_UPDATE_SCREENSHOTS=1 they replace the ones in
// docs/ (tests never touch the source tree otherwise).
#include "ui/generation/GenerationController.h"
#include "ui/main/MainWindow.h"
#include "ui/presets/PresetEditorDialog.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/AppTranslator.h"
#include "widgets/PreviewPlayer.h"
#include "widgets/VramGraph.h"
#include "support/TestRegistry.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QImage>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace tst_MainWindowScreenshot {

namespace {
constexpr int kTimeoutMs = 120000;

int distinctColours(const QImage& image)
{
    QSet<QRgb> colours;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); y += 2)
        for (int x = 0; x < rgb.width(); x += 2)
            colours.insert(rgb.pixel(x, y));
    return colours.size();
}

QString screenshotPath(const QString& name)
{
    if (qEnvironmentVariableIntValue("FRAMESMITH_UPDATE_SCREENSHOTS") == 1)
        return QStringLiteral(FRAMESMITH_SOURCE_DIR "/docs/") + name;
    return QDir::current().filePath(name); // ctest runs in the build folder
}

bool save(const QImage& image, const QString& name)
{
    return distinctColours(image) > 64 && image.save(screenshotPath(name), "PNG", 0); // smallest file
}
} // namespace

class tst_MainWindowScreenshot : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_runs = 0;

    // idle, generating, done and the preset editor, suffixed "" or "-zh_CN".
    void renderAllStates(MainWindow& window, const QString& suffix)
    {
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("history-") + QString::number(++m_runs)));
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        auto request = window.request();
        request.frameCount = 9;
        request.width = 96;
        request.height = 64;
        request.steps = 12;
        window.setRequest(request);
        window.resize(1320, 860);
        window.show();
        QVERIFY2(QTest::qWaitForWindowExposed(&window), "window not exposed");
        QTRY_VERIFY_WITH_TIMEOUT(window.isModelReady(), kTimeoutMs);
        QTest::qWait(1500); // a second of memory samples before the run
        QVERIFY(save(window.grab().toImage(), QStringLiteral("screenshot-idle%1.png").arg(suffix)));

        // Mid-run: grabbed as the preview of a middle step arrives, the run still going.
        QImage generating;
        bool isGrabbing = false;
        auto* controller = window.generationController();
        const auto connection = connect(controller, &GenerationController::previewReady, this, [&](int step) {
            if (isGrabbing || step < 6)
                return;
            isGrabbing = true;
            QTest::qWait(300); // the graph's next pulls bring the stage bands in
            generating = window.grab().toImage();
        });
        QSignalSpy shown(&window, &MainWindow::clipShown);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), kTimeoutMs);
        disconnect(connection);
        QVERIFY2(!generating.isNull(), "no preview reached the middle of the run");
        QVERIFY(save(generating, QStringLiteral("screenshot-generating%1.png").arg(suffix)));

        QTest::qWait(1500); // the samples and markers after the run
        QVERIFY(window.memoryGraph()->markerCount() > 0);
        QCOMPARE(window.previewPlayer()->frameCount(), 9);
        window.previewPlayer()->setCurrentFrame(4);
        QVERIFY(window.historyDock()->isVisible());
        QVERIFY(save(window.grab().toImage(), QStringLiteral("screenshot-main-window%1.png").arg(suffix)));

        window.findChild<QComboBox*>(QStringLiteral("presetCombo"))->setCurrentIndex(
            window.findChild<QComboBox*>(QStringLiteral("presetCombo"))->findData(QStringLiteral("low-memory")));
        window.findChild<QPushButton*>(QStringLiteral("customizePresetButton"))->click();
        auto* editor = window.findChild<PresetEditorDialog*>();
        QVERIFY(editor);
        QVERIFY(QTest::qWaitForWindowExposed(editor));
        QVERIFY(save(editor->grab().toImage(), QStringLiteral("screenshot-preset-editor%1.png").arg(suffix)));
        editor->reject();
        renderDecodeFailure(window, suffix);
    }

    // A run whose VAE decode fails: the message says the latents were kept and offers Decode
    // again; the History dock holds the run with its latents. The box is drawn over the window.
    void renderDecodeFailure(MainWindow& window, const QString& suffix)
    {
        auto request = window.request();
        request.steps = 2;
        window.setRequest(request);
        qputenv("FRAMESMITH_INJECT_OOM", "vae-decode:*:0");
        QSignalSpy failed(window.generationController(), &GenerationController::failed);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!failed.isEmpty(), kTimeoutMs);
        qunsetenv("FRAMESMITH_INJECT_OOM");
        QMessageBox* box = nullptr;
        QTRY_VERIFY((box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"))) != nullptr);
        QVERIFY(box->findChild<QPushButton*>(QStringLiteral("errorActionButton")));
        QVERIFY(QTest::qWaitForWindowExposed(box));
        QImage shot = window.grab().toImage();
        const QPixmap message = box->grab();
        QPainter painter(&shot);
        painter.drawPixmap((shot.width() - message.width()) / 2, (shot.height() - message.height()) / 3, message);
        painter.end();
        QVERIFY(save(shot, QStringLiteral("screenshot-decode-failed%1.png").arg(suffix)));
        box->close();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }

    void rendersEnglishWindow()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("en.ini")));
        AppTranslator translator;
        QVERIFY(translator.apply(QStringLiteral("en")));
        MainWindow window(settings, &translator);
        auto request = window.request();
        request.prompt = "A red fox trots through fresh snow at dawn, low sun, long shadows, cinematic tracking shot";
        request.negativePrompt = "blurry, distorted, watermark";
        window.setRequest(request);
        renderAllStates(window, QString());
        QCOMPARE(window.findChild<QPushButton*>(QStringLiteral("generateButton"))->text(), QStringLiteral("&Generate"));
    }

    void chineseTranslationChangesVisibleText()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("zh.ini")));
        AppTranslator translator;
        QVERIFY(translator.apply(QStringLiteral("zh_CN")));
        QCOMPARE(translator.language(), QStringLiteral("zh_CN"));
        MainWindow window(settings, &translator);
        auto* generate = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
        QCOMPARE(generate->text(), QStringLiteral("生成(&G)"));
        auto request = window.request();
        request.prompt = "清晨，一只红狐狸在新雪中小跑，低角度阳光，长长的影子，电影感跟拍镜头";
        request.negativePrompt = "模糊，变形，水印";
        window.setRequest(request);
        renderAllStates(window, QStringLiteral("-zh_CN"));
        translator.apply(QStringLiteral("en"));
    }

    void languageSwitchesLive()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("live.ini")));
        AppTranslator translator;
        QVERIFY(translator.apply(QStringLiteral("en")));
        MainWindow window(settings, &translator);
        auto* generate = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
        QCOMPARE(generate->text(), QStringLiteral("&Generate"));
        window.findChild<QAction*>(QStringLiteral("actionLanguageChinese"))->trigger();
        QTRY_COMPARE(generate->text(), QStringLiteral("生成(&G)"));
        QCOMPARE(settings.language(), QStringLiteral("zh_CN"));
        window.findChild<QAction*>(QStringLiteral("actionLanguageEnglish"))->trigger();
        QTRY_COMPARE(generate->text(), QStringLiteral("&Generate"));
    }

    void systemLanguageFollowsLocale()
    {
        QCOMPARE(AppTranslator::resolve(QStringLiteral("system"), QLocale(QLocale::Chinese, QLocale::China)),
                 QStringLiteral("zh_CN"));
        QCOMPARE(AppTranslator::resolve(QStringLiteral("system"), QLocale(QLocale::German, QLocale::Germany)),
                 QStringLiteral("en"));
        QCOMPARE(AppTranslator::resolve(QStringLiteral("zh_CN"), QLocale(QLocale::English)), QStringLiteral("zh_CN"));
    }
};

FRAMESMITH_TEST_MAIN(tst_MainWindowScreenshot)

} // namespace tst_MainWindowScreenshot
#include "tst_MainWindowScreenshot.moc"
