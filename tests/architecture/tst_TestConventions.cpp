// Every test file builds into its area's runner (support/TestRegistry.h): its names inside
// `namespace tst_X { }` (the runner compiles several test files as one translation unit, where two
// files' file-local helpers of the same name would collide) and FRAMESMITH_TEST_*MAIN at the end.
// A file with QTEST_MAIN still builds, as a program of its own, but costs the build a whole program;
// this test says so with the fix. Files that need their own main() (tst_WindowFit sets up the
// screen before QApplication exists) are the exception, recognised by that main().
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTest>

namespace tst_TestConventions {

class TestConventions : public QObject {
    Q_OBJECT

private:
    static QString testsDir() { return QString::fromStdString(framesmith::test::sourceDir()) + "/tests"; }

    // Why `text` (the file tst_X.cpp) does not follow the convention, or an empty string.
    static QString problemOf(const QString& name, const QString& text)
    {
        if (QRegularExpression("^int main\\(", QRegularExpression::MultilineOption).match(text).hasMatch())
            return {};
        if (QRegularExpression("^QTEST_(GUILESS_|APPLESS_)?MAIN\\(", QRegularExpression::MultilineOption)
                .match(text)
                .hasMatch())
            return name + ": ends with QTEST_*MAIN; use FRAMESMITH_TEST_*MAIN (support/TestRegistry.h) inside "
                          "`namespace " + name + " { }` so it builds into its area's runner";
        if (!QRegularExpression("^FRAMESMITH_TEST_(GUILESS_|APPLESS_)?MAIN\\(\\w+\\)",
                                QRegularExpression::MultilineOption)
                 .match(text)
                 .hasMatch())
            return name + ": no FRAMESMITH_TEST_*MAIN(TestClass) line (support/TestRegistry.h)";
        if (!text.contains("namespace " + name + " {") || !text.contains("} // namespace " + name))
            return name + ": its names are not inside `namespace " + name + " { ... } // namespace " + name + "`";
        return {};
    }

private Q_SLOTS:
    void everyTestFileRegistersInsideItsNamespace()
    {
        QStringList problems;
        int scanned = 0;
        QDirIterator it(testsDir(), {"tst_*.cpp"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QFile file(path);
            QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
            const QString problem = problemOf(QFileInfo(path).completeBaseName(), QString::fromUtf8(file.readAll()));
            if (!problem.isEmpty())
                problems << problem;
            ++scanned;
        }
        QVERIFY2(scanned > 100, qPrintable(QString("only %1 test files found under %2").arg(scanned).arg(testsDir())));
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join('\n')));
    }

    // The checker itself, on texts that break each rule.
    void theCheckerNamesEachBrokenRule()
    {
        const QString good = "namespace tst_A {\nclass A;\nFRAMESMITH_TEST_MAIN(A)\n\n} // namespace tst_A\n";
        QVERIFY(problemOf("tst_A", good).isEmpty());
        QVERIFY(problemOf("tst_A", "int main(int, char**) { return 0; }\n").isEmpty());
        QVERIFY(problemOf("tst_A", "class A;\nQTEST_GUILESS_MAIN(A)\n").contains("QTEST_*MAIN"));
        QVERIFY(problemOf("tst_A", "class A;\n").contains("no FRAMESMITH_TEST_*MAIN"));
        QVERIFY(problemOf("tst_A", "class A;\nFRAMESMITH_TEST_MAIN(A)\n").contains("namespace tst_A"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestConventions)

} // namespace tst_TestConventions
#include "tst_TestConventions.moc"
