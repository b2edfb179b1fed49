// MainWindow: every field round-trips through a GenerationRequest, impossible values are refused
// naming the field, Generate needs a model, demo models are labelled, shortcuts exist and settings persist.
#include "framesmith/Engine.h"
#include "framesmith/GenerationRequest.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QPushButton>
#include <QScreen>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

namespace tst_MainWindow {

namespace {
QString fixtureModel(const char* name)
{
    return QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/") + QString::fromLatin1(name);
}

// A demo model is a model folder whose model_index.json carries the demo marker.
void makeDemoCopy(const QTemporaryDir& demo)
{
    const QString source = fixtureModel("tiny-2b");
    for (const QString& sub : QDir(source).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QDir().mkpath(demo.filePath(sub));
        for (const QString& file : QDir(source + "/" + sub).entryList(QDir::Files))
            QVERIFY(QFile::link(source + "/" + sub + "/" + file, demo.filePath(sub + "/" + file)));
    }
    QFile index(source + "/model_index.json");
    QVERIFY(index.open(QIODevice::ReadOnly));
    QByteArray json = index.readAll();
    json.insert(json.indexOf('{') + 1, "\n  \"_framesmith_demo\": true,");
    QFile out(demo.filePath("model_index.json"));
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(json);
}

framesmith::GenerationRequest unusualRequest(const QString& imagePath)
{
    framesmith::GenerationRequest r;
    r.modelPath = fixtureModel("tiny-5b-i2v").toStdString();
    r.prompt = "a lighthouse in a storm, waves, 35 mm";
    r.negativePrompt = "text, watermark";
    r.startImagePath = imagePath.toStdString();
    r.frameCount = 33;
    r.fps = 12;
    r.width = 96; // the only size this learned-position model runs at
    r.height = 64;
    r.steps = 7;
    r.guidanceScale = 4.5;
    r.seed = 18446744073709551557ull; // near 2^64: must not pass through int or double
    r.scheduler = "ddim";
    r.preset = "low-memory";
    return r;
}
} // namespace

class tst_MainWindow : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_imagePath;

    QString iniPath(const char* name) const { return m_dir.filePath(QString::fromLatin1(name)); }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        // The picker lists the user's own presets too: none here, whatever this machine's user has.
        qputenv("XDG_DATA_HOME", m_dir.filePath(QStringLiteral("xdg")).toUtf8());
        m_imagePath = m_dir.filePath(QStringLiteral("start.png"));
        QImage image(64, 48, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        QVERIFY(image.save(m_imagePath));
    }

    void everyFieldRoundTrips()
    {
        AppSettings settings(iniPath("roundtrip.ini"));
        MainWindow window(settings);
        const framesmith::GenerationRequest in = unusualRequest(m_imagePath);
        window.setRequest(in);
        const framesmith::GenerationRequest out = window.request();
        QCOMPARE(out.modelPath, in.modelPath);
        QCOMPARE(out.prompt, in.prompt);
        QCOMPARE(out.negativePrompt, in.negativePrompt);
        QCOMPARE(out.startImagePath, in.startImagePath);
        QCOMPARE(out.frameCount, in.frameCount);
        QCOMPARE(out.fps, in.fps);
        QCOMPARE(out.width, in.width);
        QCOMPARE(out.height, in.height);
        QCOMPARE(out.steps, in.steps);
        QCOMPARE(out.guidanceScale, in.guidanceScale);
        QCOMPARE(out.seed, in.seed);
        QCOMPARE(out.scheduler, in.scheduler);
        QCOMPARE(out.preset, in.preset);
        QCOMPARE(framesmith::toJson(out), framesmith::toJson(in));
        QVERIFY2(window.validationMessages().isEmpty(), qPrintable(window.validationMessages().join('\n')));
    }

    void presetPickerOffersTheBuiltIns()
    {
        AppSettings settings(iniPath("presets.ini"));
        MainWindow window(settings);
        auto* combo = window.findChild<QComboBox*>(QStringLiteral("presetCombo"));
        QStringList ids;
        for (int i = 0; i < combo->count(); ++i)
            ids << combo->itemData(i).toString();
        QCOMPARE(ids, (QStringList{"auto", "24gb", "multi-gpu", "low-memory", "max-speed"}));
        QCOMPARE(combo->itemText(combo->findData(QStringLiteral("24gb"))), QStringLiteral("24 GB single GPU"));
    }

    void impossibleValuesAreRefusedNamingTheField_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("spinName");
        QTest::addColumn<int>("value");
        QTest::addColumn<QString>("field");
        QTest::newRow("frames not 8N+1") << "tiny-2b" << "frameCountSpin" << 50 << "Frames";
        QTest::newRow("frames not 16N+1 on 1.5") << "tiny-1.5-i2v" << "frameCountSpin" << 41 << "Frames";
        QTest::newRow("width not multiple of 16") << "tiny-2b" << "widthSpin" << 500 << "Width";
        QTest::newRow("height not multiple of 16") << "tiny-2b" << "heightSpin" << 470 << "Height";
        QTest::newRow("5b-I2V runs at its sample size only") << "tiny-5b-i2v" << "widthSpin" << 128 << "Width";
    }

    void impossibleValuesAreRefusedNamingTheField()
    {
        QFETCH(QString, model);
        QFETCH(QString, spinName);
        QFETCH(int, value);
        QFETCH(QString, field);
        AppSettings settings(iniPath("validation.ini"));
        MainWindow window(settings);
        auto r = window.request();
        r.startImagePath = model.contains("i2v") ? m_imagePath.toStdString() : std::string();
        r.frameCount = model.contains("1.5") ? 81 : 49;
        r.width = 96;
        r.height = 64;
        window.setRequest(r);
        window.setModelFolder(fixtureModel(model.toLatin1().constData()));
        QVERIFY2(window.validationMessages().isEmpty(), qPrintable(window.validationMessages().join('\n')));
        window.findChild<QSpinBox*>(spinName)->setValue(value);
        const QStringList messages = window.validationMessages();
        QCOMPARE(messages.size(), 1);
        QVERIFY2(messages.first().startsWith(field + ": "), qPrintable(messages.first()));
        auto* label = window.findChild<QLabel*>(QStringLiteral("validationLabel"));
        QVERIFY(label->text().contains(field));
        QVERIFY(!label->isHidden());
    }

    void frameRuleFollowsTheModel()
    {
        AppSettings settings(iniPath("rule.ini"));
        MainWindow window(settings);
        auto r = window.request();
        r.frameCount = 49; // 8N+1 and 16N+1 alike
        r.startImagePath = m_imagePath.toStdString();
        r.width = 96;
        r.height = 64;
        window.setRequest(r);
        window.setModelFolder(fixtureModel("tiny-1.5-i2v"));
        window.findChild<QSpinBox*>(QStringLiteral("frameCountSpin"))->setValue(41);
        QVERIFY(window.validationMessages().join('\n').contains(QStringLiteral("16N+1")));
        window.setModelFolder(fixtureModel("tiny-5b-i2v"));
        QVERIFY2(window.validationMessages().isEmpty(), qPrintable(window.validationMessages().join('\n')));
    }

    // The form is built from the model's ParameterSpec (as its family describes it): frame range and
    // step, size step, the samplers it offers, and the summary's frame rule.
    void formFollowsTheModelsSpec()
    {
        AppSettings settings(iniPath("spec.ini"));
        MainWindow window(settings);
        auto r = window.request();
        r.startImagePath = m_imagePath.toStdString();
        window.setRequest(r);
        window.setModelFolder(fixtureModel("tiny-1.5-i2v"));
        auto* frames = window.findChild<QSpinBox*>(QStringLiteral("frameCountSpin"));
        QCOMPARE(frames->minimum(), 17);
        QCOMPARE(frames->maximum(), 161);
        QCOMPARE(frames->singleStep(), 16);
        QCOMPARE(window.findChild<QSpinBox*>(QStringLiteral("widthSpin"))->singleStep(), 16);
        auto* samplers = window.findChild<QComboBox*>(QStringLiteral("schedulerCombo"));
        QStringList ids;
        for (int i = 0; i < samplers->count(); ++i)
            ids << samplers->itemData(i).toString();
        QCOMPARE(ids, (QStringList{QString(), "ddim", "dpm"}));
        QTRY_VERIFY(window.isModelReady()); // the summary names the frame rule once every file is checked
        const QString summary = window.findChild<QLabel*>(QStringLiteral("modelInfoLabel"))->text();
        QVERIFY2(summary.contains(QStringLiteral("16N+1 (17–161)")) && summary.contains("I2V"), qPrintable(summary));
        window.setModelFolder(fixtureModel("tiny-2b"));
        QCOMPARE(frames->minimum(), 9);
        QCOMPARE(frames->singleStep(), 8);
    }

    void imageToVideoModelRequiresAStartImage()
    {
        AppSettings settings(iniPath("i2v.ini"));
        MainWindow window(settings);
        auto r = window.request();
        r.startImagePath.clear();
        r.width = 96;
        r.height = 64;
        window.setRequest(r);
        window.setModelFolder(fixtureModel("tiny-5b-i2v"));
        const QStringList messages = window.validationMessages();
        QCOMPARE(messages.size(), 1);
        QVERIFY(messages.first().startsWith(QStringLiteral("Start image: ")));
    }

    void generateNeedsAModelFolderAndSaysWhy()
    {
        AppSettings settings(iniPath("generate.ini"));
        MainWindow window(settings);
        window.setModelFolder(QString());
        auto* button = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
        auto* action = window.findChild<QAction*>(QStringLiteral("actionGenerate"));
        QVERIFY(!button->isEnabled());
        QVERIFY(!action->isEnabled());
        QVERIFY2(button->toolTip().contains(QStringLiteral("Choose a model folder")), qPrintable(button->toolTip()));
        window.setModelFolder(fixtureModel("tiny-2b"));
        auto r = window.request();
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        window.setRequest(r);
        QTRY_VERIFY(window.isModelReady()); // every file checked, off the GUI thread
        QVERIFY2(button->isEnabled(), qPrintable(button->toolTip()));
        QVERIFY(action->isEnabled());
        // Nothing runs yet: Cancel and "Stop denoising and decode" are off.
        QVERIFY(!window.findChild<QPushButton*>(QStringLiteral("cancelButton"))->isEnabled());
        QVERIFY(!window.findChild<QAction*>(QStringLiteral("actionFinishStage"))->isEnabled());
        QVERIFY(!window.findChild<QAction*>(QStringLiteral("actionExportClip"))->isEnabled());
    }

    void damagedModelNeverFitsNorGenerates()
    {
        // A folder of configs without weights reads like a model until every file is checked.
        QTemporaryDir broken;
        const QString source = fixtureModel("tiny-2b");
        for (const QString& sub : QDir(source).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QDir().mkpath(broken.filePath(sub));
            for (const QString& file : QDir(source + "/" + sub).entryList({QStringLiteral("*.json"), QStringLiteral("*.model")}))
                QVERIFY(QFile::copy(source + "/" + sub + "/" + file, broken.filePath(sub + "/" + file)));
        }
        QVERIFY(QFile::copy(source + "/model_index.json", broken.filePath(QStringLiteral("model_index.json"))));
        AppSettings settings(iniPath("broken.ini"));
        MainWindow window(settings);
        auto r = window.request();
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        window.setRequest(r);
        QSignalSpy checked(&window, &MainWindow::modelChecked);
        window.setModelFolder(broken.path());
        QVERIFY(!window.forecastText().contains(QStringLiteral("Fits")));
        QVERIFY(checked.wait(60000));
        QCOMPARE(window.model().state, ModelFolderProbe::State::Damaged);
        auto* generate = window.findChild<QPushButton*>(QStringLiteral("generateButton"));
        QVERIFY(!generate->isEnabled());
        QVERIFY(!window.forecastText().contains(QStringLiteral("Fits")));
        QVERIFY2(window.findChild<QLabel*>(QStringLiteral("modelInfoLabel"))->text().contains(QStringLiteral("missing or damaged")),
                 qPrintable(window.findChild<QLabel*>(QStringLiteral("modelInfoLabel"))->text()));
        window.setModelFolder(fixtureModel("tiny-2b")); // the same form on a good model
        QTRY_VERIFY(window.isModelReady());
        QVERIFY(generate->isEnabled());
        QVERIFY2(!window.forecastText().isEmpty(), "a checked model gets a forecast");
    }

    void spinBoxesFollowTheOpenedModel()
    {
        AppSettings settings(iniPath("spec.ini"));
        MainWindow window(settings);
        auto* frames = window.findChild<QSpinBox*>(QStringLiteral("frameCountSpin"));
        window.setModelFolder(fixtureModel("tiny-2b"));
        QCOMPARE(frames->singleStep(), 8);
        QCOMPARE(frames->minimum(), 9);
        window.setModelFolder(fixtureModel("tiny-1.5-i2v"));
        QCOMPARE(frames->singleStep(), 16);
        QCOMPARE(frames->minimum(), 17);
        QCOMPARE(window.findChild<QSpinBox*>(QStringLiteral("stepsSpin"))->maximum(), window.model().spec().maxSteps);
    }

    void tokenCountFollowsThePrompt()
    {
        AppSettings settings(iniPath("tokens.ini"));
        MainWindow window(settings);
        window.setModelFolder(fixtureModel("tiny-2b"));
        auto* prompt = window.findChild<QPlainTextEdit*>(QStringLiteral("promptEdit"));
        prompt->setPlainText(QStringLiteral("a red fox trots through fresh snow"));
        auto* label = window.findChild<QLabel*>(QStringLiteral("tokenCountLabel"));
        const auto expected = framesmith::Engine::countTokens(fixtureModel("tiny-2b").toStdString(),
                                                              prompt->toPlainText().toStdString());
        QTRY_COMPARE(label->text(), QStringLiteral("%1 / 226 tokens").arg(expected.count));
    }

    void demoModelStartsWithQuickDefaults()
    {
        // A first launch (no saved request) on the demo model: a clip that finishes in seconds.
        QTemporaryDir demo;
        makeDemoCopy(demo);
        AppSettings settings(iniPath("first-launch.ini"));
        QVERIFY(!settings.hasLastRequest());
        MainWindow window(settings);
        window.setModelFolder(demo.path());
        const auto r = window.request();
        QCOMPARE(r.frameCount, 9);
        QVERIFY(r.width * r.height <= 256 * 160);
        QVERIFY(r.steps <= 10);
        QVERIFY2(window.validationMessages().isEmpty(), qPrintable(window.validationMessages().join('\n')));
    }

    void demoModelIsLabelledAsNoise()
    {
        AppSettings settings(iniPath("demo.ini"));
        MainWindow window(settings);
        auto* label = window.findChild<QLabel*>(QStringLiteral("demoWarningLabel"));
        window.setModelFolder(fixtureModel("tiny-2b"));
        QVERIFY(label->isHidden());
        QTemporaryDir demo;
        makeDemoCopy(demo);
        window.setModelFolder(demo.path());
        QVERIFY(!label->isHidden());
        QVERIFY(label->text().contains(QStringLiteral("random weights")));
        QVERIFY(label->text().contains(QStringLiteral("huggingface.co/THUDM/CogVideoX-2b")));
    }

    void shortcutsExist_data()
    {
        QTest::addColumn<QString>("action");
        QTest::addColumn<QKeySequence>("shortcut");
        QTest::newRow("generate") << "actionGenerate" << QKeySequence(Qt::CTRL | Qt::Key_Return);
        QTest::newRow("open image") << "actionOpenImage" << QKeySequence(Qt::CTRL | Qt::Key_O);
        QTest::newRow("quit") << "actionQuit" << QKeySequence(Qt::CTRL | Qt::Key_Q);
        QTest::newRow("export") << "actionExportClip" << QKeySequence(Qt::CTRL | Qt::Key_E);
        QTest::newRow("finish stage") << "actionFinishStage" << QKeySequence(Qt::SHIFT | Qt::Key_Escape);
    }

    void shortcutsExist()
    {
        QFETCH(QString, action);
        QFETCH(QKeySequence, shortcut);
        AppSettings settings(iniPath("shortcuts.ini"));
        MainWindow window(settings);
        auto* found = window.findChild<QAction*>(action);
        QVERIFY(found);
        QVERIFY2(found->shortcuts().contains(shortcut), qPrintable(found->shortcut().toString()));
        QVERIFY(!found->text().isEmpty());
    }

    void quitShortcutClosesTheWindow()
    {
        AppSettings settings(iniPath("quit.ini"));
        MainWindow window(settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_Q, Qt::ControlModifier);
        QTRY_VERIFY(!window.isVisible());
    }

    void randomizeSeedChangesTheSeed()
    {
        AppSettings settings(iniPath("seed.ini"));
        MainWindow window(settings);
        QSet<std::uint64_t> seeds;
        for (int i = 0; i < 5; ++i) {
            window.findChild<QAction*>(QStringLiteral("actionRandomizeSeed"))->trigger();
            seeds.insert(window.request().seed);
        }
        QVERIFY(seeds.size() >= 4);
    }

    void settingsPersistAcrossWindows()
    {
        const QString path = iniPath("persist.ini");
        const framesmith::GenerationRequest in = unusualRequest(m_imagePath);
        // Qt 6.8 moves a restored geometry inside the screen (and its frame): a size the offscreen
        // screen holds, and not the default one, so the restore is what gives it.
        const QRect screen = QGuiApplication::primaryScreen()->availableGeometry();
        const QSize wanted(std::min(1111, screen.width()), std::min(777, screen.height() - 80));
        {
            AppSettings settings(path);
            MainWindow window(settings);
            QVERIFY(window.size() != wanted);
            window.setRequest(in);
            window.resize(wanted);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.close();
        }
        AppSettings reread(path);
        QCOMPARE(framesmith::toJson(reread.lastRequest()), framesmith::toJson(in));
        QVERIFY(!reread.windowGeometry().isEmpty());
        MainWindow again(reread);
        QCOMPARE(framesmith::toJson(again.request()), framesmith::toJson(in));
        QCOMPARE(again.size(), wanted);
    }

    void defaultSettingsLocationIsUsableInTestMode()
    {
        AppSettings settings;
        QVERIFY2(settings.fileName().contains(QStringLiteral("qttest")), qPrintable(settings.fileName()));
        settings.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(AppSettings().language(), QStringLiteral("zh_CN"));
        settings.setLanguage(QStringLiteral("system"));
    }
};

FRAMESMITH_TEST_MAIN(tst_MainWindow)

} // namespace tst_MainWindow
#include "tst_MainWindow.moc"
