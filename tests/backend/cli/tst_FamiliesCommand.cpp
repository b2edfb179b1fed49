// framesmith-cli families through the real binary: every registered family with its folder, its
// weights and its samplers, and, for a family that takes references, its conditioning syntax (which
// generate's usage text points to instead of naming a family).
#include "models/ModelRegistry.h"
#include "support/TestPaths.h"

#include <QProcess>
#include <QtTest/QtTest>

using namespace framesmith;

namespace {

QString cliOutput(const QStringList& args, int* exitCode)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QString::fromStdString(test::binaryDir() + "/bin/framesmith-cli"), args);
    p.waitForFinished(60000);
    *exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    return QString::fromUtf8(p.readAll());
}

} // namespace

class TestFamiliesCommand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void listsEveryFamilyWithItsConditioningSyntax()
    {
        int exitCode = -1;
        const QString out = cliOutput({"families"}, &exitCode);
        QCOMPARE(exitCode, 0);
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

        const QString help = cliOutput({"generate", "--help"}, &exitCode);
        QCOMPARE(exitCode, 0);
        QVERIFY2(help.contains("`framesmith-cli families` shows it"), qPrintable(help));
    }
};

QTEST_GUILESS_MAIN(TestFamiliesCommand)
#include "tst_FamiliesCommand.moc"
