// framesmith-cli families through the real binary: every registered family with its folder, its
// weights and its samplers, and, for a family that takes references, its conditioning syntax (which
// generate's usage text points to instead of naming a family).
#include "models/ModelRegistry.h"
#include "support/CliRun.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_FamiliesCommand {

using namespace framesmith;

class TestFamiliesCommand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listsEveryFamilyWithItsConditioningSyntax()
    {
        const test::CliRun families = test::runCli({"families"});
        QCOMPARE(families.exitCode, 0);
        const QString out = families.output;
        int withSyntax = 0;
        for (const auto& family : ModelRegistry::families()) {
            const ModelFamilyInfo info = family->info();
            QVERIFY2(out.contains(QString::fromStdString(info.name + "  " + info.displayName)), qPrintable(out));
            QVERIFY2(out.contains(QString::fromStdString(info.weightsUrl)), qPrintable(out));
            if (!info.conditioningSyntax.empty()) {
                QVERIFY2(out.contains(QString::fromStdString("--reference/--mask-strategy: " + info.conditioningSyntax)),
                         qPrintable(out));
                ++withSyntax;
            }
        }
        QCOMPARE(out.count("--reference/--mask-strategy: "), withSyntax);
        QVERIFY(withSyntax >= 1); // at least one family takes references

        const test::CliRun usage = test::runCli({"generate", "--help"});
        QCOMPARE(usage.exitCode, 0);
        const QString help = usage.output;
        QVERIFY2(help.contains("`framesmith-cli families` shows it"), qPrintable(help));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestFamiliesCommand)

} // namespace tst_FamiliesCommand
#include "tst_FamiliesCommand.moc"
