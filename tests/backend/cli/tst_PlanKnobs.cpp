// `framesmith-cli plan` takes a model's family knobs as `generate` does (issue 30): the same
// flags, the same refusals, and the JSON says which knobs the plan was made for. Through the
// real binary, on the CogVideoX and Wan fixture models.
#include "support/CliRun.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest/QtTest>

namespace tst_PlanKnobs {

using framesmith::test::CliRun;
using framesmith::test::runCli;

namespace {
QString cogvideox(const char* name)
{
    return QString::fromStdString(framesmith::test::cogvideoxFixture(std::string("models/") + name));
}
QString wan(const char* variant)
{
    return QString::fromStdString(framesmith::test::fixturesDir() + "/wan/models/" + variant);
}
QJsonObject knobsOf(const CliRun& run)
{
    const QJsonDocument doc = QJsonDocument::fromJson(run.output.toUtf8());
    return doc.object().value("knobs").toObject();
}
} // namespace

class tst_PlanKnobs : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plansWithASwitchKnob()
    {
        const CliRun run = runCli({"plan", "--model", cogvideox("tiny-2b"), "--dynamic-guidance", "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QCOMPARE(knobsOf(run).value("dynamic_guidance").toBool(), true);
    }

    void plansWithNumberKnobs()
    {
        const CliRun run = runCli({"plan", "--model", wan("wan2.2-a14b"), "--flow-shift", "5", "--guidance-scale-2",
                                   "2.5", "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        const QJsonObject knobs = knobsOf(run);
        QCOMPARE(knobs.value("flow_shift").toDouble(), 5.0);
        QCOMPARE(knobs.value("guidance_scale_2").toDouble(), 2.5);
    }

    void aPlanAtTheDefaultsNamesNoKnob()
    {
        const CliRun run = runCli({"plan", "--model", wan("wan2.1-t2v"), "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QVERIFY(knobsOf(run).isEmpty());
    }

    void refusesAKnobTheModelLacks()
    {
        const CliRun run = runCli({"plan", "--model", cogvideox("tiny-2b"), "--flow-shift", "5"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains("--flow-shift"), qPrintable(run.output));
        QVERIFY2(run.output.contains("--dynamic-guidance"), qPrintable(run.output)); // the model's own knobs
    }

    void refusesAKnobOutOfItsRange()
    {
        const CliRun run = runCli({"plan", "--model", wan("wan2.1-t2v"), "--flow-shift", "1000"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains("--flow-shift"), qPrintable(run.output));
    }
};

FRAMESMITH_TEST_MAIN(tst_PlanKnobs)

} // namespace tst_PlanKnobs
#include "tst_PlanKnobs.moc"
