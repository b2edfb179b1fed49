// Renders the main window offscreen in English and Simplified Chinese, writes the PNGs shown in
// the docs, and fails when a render is blank or the Chinese translation does not take effect.
#include "ui/AppSettings.h"
#include "ui/AppTranslator.h"
#include "ui/MainWindow.h"

#include <QApplication>
#include <QDir>
#include <QImage>
#include <QPushButton>
#include <QSet>
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

QString docsPath(const QString& name) { return QStringLiteral(FRAMESMITH_SOURCE_DIR "/docs/") + name; }
} // namespace

class tst_MainWindowScreenshot : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    void render(MainWindow& window, QImage& image)
    {
        window.resize(1400, 900);
        window.show();
        QVERIFY2(QTest::qWaitForWindowExposed(&window), "window not exposed");
        // Let the memory monitor collect a few seconds of real samples for the graph.
        QTest::qWait(2500);
        image = window.grab().toImage();
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
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
        QVERIFY(image.save(docsPath(QStringLiteral("screenshot-main-window.png"))));
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
        QVERIFY(image.save(docsPath(QStringLiteral("screenshot-main-window-zh_CN.png"))));
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
