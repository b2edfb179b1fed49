// Renders the main window offscreen in English and Simplified Chinese after a real generation with
// the tiny fixture model (player showing the clip, stage markers in the graph), and fails when a
// render is blank or the Chinese translation does not take effect. The PNGs go to the build
// folder; with FRAMESMITH_UPDATE_SCREENSHOTS=1 they replace the ones in docs/ (tests never touch
// the source tree otherwise).
#include "ui/AppSettings.h"
#include "ui/AppTranslator.h"
#include "ui/GenerationController.h"
#include "ui/MainWindow.h"
#include "widgets/PreviewPlayer.h"
#include "widgets/VramGraph.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QPushButton>
#include <QSet>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace {
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
} // namespace

class tst_MainWindowScreenshot : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_runs = 0;

    void render(MainWindow& window, QImage& image)
    {
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("history-") + QString::number(++m_runs)));
        window.resize(1400, 900);
        window.show();
        QVERIFY2(QTest::qWaitForWindowExposed(&window), "window not exposed");
        // Let the memory monitor collect a second of samples, then generate a real (tiny) clip.
        QTest::qWait(1000);
        auto request = window.request();
        request.frameCount = 9;
        request.width = 96;
        request.height = 64;
        request.steps = 4;
        window.setRequest(request);
        QSignalSpy shown(&window, &MainWindow::clipShown);
        window.findChild<QAction*>(QStringLiteral("actionGenerate"))->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(!shown.isEmpty(), 120000);
        QTest::qWait(1500); // the graph's next pulls bring the stage markers and the samples after them
        QVERIFY(window.memoryGraph()->markerCount() > 0);
        QCOMPARE(window.previewPlayer()->frameCount(), 9);
        window.previewPlayer()->setCurrentFrame(4);
        image = window.grab().toImage();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
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
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        QImage image;
        render(window, image);
        QVERIFY(!QTest::currentTestFailed());
        QVERIFY2(distinctColours(image) > 64, qPrintable(QString::number(distinctColours(image))));
        QVERIFY(image.save(screenshotPath(QStringLiteral("screenshot-main-window.png"))));
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
        window.setRequest(request);
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        QImage image;
        render(window, image);
        QVERIFY(!QTest::currentTestFailed());
        QVERIFY(distinctColours(image) > 64);
        QVERIFY(image.save(screenshotPath(QStringLiteral("screenshot-main-window-zh_CN.png"))));
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

QTEST_MAIN(tst_MainWindowScreenshot)
#include "tst_MainWindowScreenshot.moc"
