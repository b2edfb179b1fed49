// framesmith-cli's refusals and plain answers, through the real binary: bad input exits 2 naming
// what is wrong before any weight loads (flags, numbers out of range, job files, --out), a
// malformed user preset is skipped, --help, and `plan` checks as generate does.
#include "support/CliRun.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <fstream>
#include <set>
#include <string>
#include <utility>

namespace tst_CliInputChecks {

using namespace framesmith;
using test::CliRun;
using test::runCli;
using test::withDataDir;

namespace {
QString fixture(const std::string& relative)
{
    return QString::fromStdString(test::cogvideoxFixture(relative));
}
} // namespace

class TestCliInputChecks : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void badInputExitsWithTheBadInputCode()
    {
        const QString model = fixture("models/tiny-2b");
        QCOMPARE(runCli({"generate", "--model", model, "--prompt", "x", "--frames", "10", "--width", "96", "--height", "64"}).exitCode, 2);
        QCOMPARE(runCli({"generate", "--model", model, "--prompt", "x", "--frames", "9", "--width", "96", "--height", "64",
                      "--steps", "1", "--scheduler", "euler"}).exitCode, 2);
        QCOMPARE(runCli({"generate", "--model", "/nonexistent", "--prompt", "x"}).exitCode, 2);
        QCOMPARE(runCli({"generate", "--model", model, "--prompt", "x", "--bogus", "1"}).exitCode, 2);
        QCOMPARE(runCli({"decode", "/nonexistent.safetensors"}).exitCode, 2);
    }

    void numbersOutOfRangeNameTheirFlag_data()
    {
        QTest::addColumn<QStringList>("flags");
        QTest::addColumn<QString>("named");
        QTest::newRow("steps 2^32+2") << QStringList{"--steps", "4294967298"} << "--steps";
        QTest::newRow("frames 2^32+9") << QStringList{"--frames", "4294967305"} << "--frames";
        QTest::newRow("seed 2^64") << QStringList{"--seed", "18446744073709551616"} << "--seed";
        QTest::newRow("seed -1") << QStringList{"--seed", "-1"} << "--seed";
        QTest::newRow("guidance 1e999") << QStringList{"--guidance", "1e999"} << "--guidance";
        QTest::newRow("width 2.5") << QStringList{"--width", "2.5"} << "--width";
    }
    void numbersOutOfRangeNameTheirFlag()
    {
        QFETCH(QStringList, flags);
        QFETCH(QString, named);
        CliRun run = runCli(QStringList{"generate", "--model", fixture("models/tiny-2b"), "--prompt", "x"} + flags);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains(named), qPrintable(run.output));
    }

    void jobFileNumbersAreCheckedToo()
    {
        std::ofstream(path("fraction.json").toStdString())
            << nlohmann::json{{"model", test::cogvideoxFixture("models/tiny-2b")}, {"prompt", "a fox"}, {"frames", 9.9}}.dump();
        CliRun run = runCli({"generate", "--job", path("fraction.json")});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains("frames"), qPrintable(run.output));
    }

    void outputIsCheckedBeforeAnyWeightLoads()
    {
        const QStringList request = {"generate", "--model", fixture("models/tiny-2b"), "--prompt", "x", "--frames", "9",
                                     "--width", "96", "--height", "64", "--steps", "1"};
        for (const QString& out : {path("clip.xyz"), path("missing-folder/clip.mp4"), m_dir.path()}) {
            CliRun run = runCli(request + QStringList{"--out", out});
            QCOMPARE(run.exitCode, 2);
            QVERIFY2(run.output.contains("--out"), qPrintable(run.output));
            QVERIFY2(!run.output.contains("loading"), qPrintable(run.output)); // refused before the loading stage
        }
    }

    // One malformed file in the user's presets folder is skipped with a warning naming it; the
    // others are still listed (the listing used to stop at the first bad one with exit 2).
    void presetsSkipsAMalformedUserPreset()
    {
        QTemporaryDir data;
        QDir(data.path()).mkpath("presets");
        const QString folder = data.filePath("presets"); // user presets live in the data root
        for (const auto& [name, text] : {std::pair<QString, QByteArray>{"a-broken", "{\"name\": 5"},
                                         {"b-good", "{\"schemaVersion\": 1, \"name\": \"b-good\", \"description\": \"mine\"}"}}) {
            QFile file(folder + "/" + name + ".json");
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write(text);
        }
        const CliRun run = runCli({"presets"}, withDataDir(data.path()));
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QVERIFY2(run.output.contains("skipped user preset 'a-broken'"), qPrintable(run.output));
        QVERIFY2(run.output.contains("b-good") && run.output.contains("mine"), qPrintable(run.output));
    }

    void helpAndMissingCommand()
    {
        CliRun help = runCli({"generate", "--help"});
        QCOMPARE(help.exitCode, 0);
        QVERIFY2(help.output.contains("generate --model DIR"), qPrintable(help.output));
        CliRun none = runCli({});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.output.contains("usage"), qPrintable(none.output));
    }

    void planChecksLikeGenerateAndTakesSeveralGpus()
    {
        const QString model = fixture("models/tiny-2b");
        CliRun refused = runCli({"plan", "--model", model, "--frames", "10", "--width", "96", "--height", "64"});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.output.contains("frameCount"), qPrintable(refused.output));
        CliRun two = runCli({"plan", "--model", model, "--frames", "9", "--width", "96", "--height", "64", "--preset",
                       "multi-gpu", "--vram", "12", "12", "--json"});
        QVERIFY2(two.exitCode == 0, qPrintable(two.output));
        const auto plan = nlohmann::json::parse(two.output.toStdString());
        std::set<std::string> devices;
        for (const auto& stage : plan.at("stages"))
            for (const auto& d : stage.at("devices"))
                devices.insert(d.at("device").get<std::string>());
        QVERIFY(devices.count("cuda:0") && devices.count("cuda:1"));
        QVERIFY(!plan.at("keptLoaded").empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCliInputChecks)

} // namespace tst_CliInputChecks
#include "tst_CliInputChecks.moc"
