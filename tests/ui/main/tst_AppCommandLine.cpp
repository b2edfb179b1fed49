// The framesmith executable answers --help and --version without a display (no X, no Wayland,
// no platform plugin chosen), as a packaged app's help must work over ssh.
#include <QProcess>
#include <QProcessEnvironment>
#include <QTest>
#include "support/TestRegistry.h"

namespace tst_AppCommandLine {

class tst_AppCommandLine : public QObject {
    Q_OBJECT

private:
    QProcessEnvironment withoutDisplay() const
    {
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
            environment.remove(QString::fromLatin1(name));
        return environment;
    }

    QString run(const QStringList& arguments, int* exitCode)
    {
        QProcess process;
        process.setProcessEnvironment(withoutDisplay());
        process.start(QStringLiteral(FRAMESMITH_BINARY_DIR "/bin/framesmith"), arguments);
        if (!process.waitForFinished(60000))
            return QStringLiteral("timed out");
        *exitCode = process.exitCode();
        return QString::fromUtf8(process.readAllStandardOutput() + process.readAllStandardError());
    }

private Q_SLOTS:
    void helpNeedsNoDisplay()
    {
        int exitCode = -1;
        const QString output = run({QStringLiteral("--help")}, &exitCode);
        QCOMPARE(exitCode, 0);
        QVERIFY2(output.contains(QStringLiteral("--model <dir>")), qPrintable(output));
    }

    void versionNeedsNoDisplay()
    {
        int exitCode = -1;
        const QString output = run({QStringLiteral("--version")}, &exitCode);
        QCOMPARE(exitCode, 0);
        QVERIFY2(output.contains(QStringLiteral(FRAMESMITH_VERSION)), qPrintable(output));
    }
};

FRAMESMITH_TEST_APPLESS_MAIN(tst_AppCommandLine)

} // namespace tst_AppCommandLine
#include "tst_AppCommandLine.moc"
