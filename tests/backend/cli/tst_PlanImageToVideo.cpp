// `framesmith-cli plan` for an image-to-video model needs the clip's size, not the image: it plans
// without --image (it refused before, asking for a file it never reads), and still refuses what
// generate refuses.
#include "support/CliRun.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_PlanImageToVideo {

using framesmith::test::CliRun;
using framesmith::test::runCli;

namespace {
QString model(const char* name)
{
    return QString::fromStdString(framesmith::test::cogvideoxFixture(std::string("models/") + name));
}
} // namespace

class tst_PlanImageToVideo : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plansAnImageToVideoModelWithoutAnImage()
    {
        const CliRun run = runCli({"plan", "--model", model("tiny-5b-i2v"), "--json"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QVERIFY2(run.output.contains("\"stages\""), qPrintable(run.output));
    }

    void stillRefusesWhatGenerateRefuses()
    {
        const CliRun run = runCli({"plan", "--model", model("tiny-5b-i2v"), "--frames", "10"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.output.contains("frameCount"), qPrintable(run.output));
        QVERIFY2(!run.output.contains("startImage"), qPrintable(run.output));
    }
};

FRAMESMITH_TEST_MAIN(tst_PlanImageToVideo)

} // namespace tst_PlanImageToVideo
#include "tst_PlanImageToVideo.moc"
