// OpenBlasKernel: which OpenBLAS fallbacks are undone, and framesmith-cli and this test process
// running the better kernel on this machine (restarted with OPENBLAS_CORETYPE when OpenBLAS did not
// recognise the CPU).
#include "framesmith/OpenBlasKernel.h"
#include "support/CliRun.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_OpenBlasKernel {

using namespace framesmith;

namespace {

// `framesmith-cli system`'s report; empty when it failed.
QString system(test::CliOptions options)
{
    options.timeoutMs = 60000;
    const test::CliRun run = test::runCli({QStringLiteral("system")}, options);
    return run.exitCode == 0 ? run.output : QString();
}

QString kernelLine(const QString& output)
{
    const QRegularExpressionMatch m = QRegularExpression(QStringLiteral("openblas kernel: ([A-Za-z0-9]+)")).match(output);
    return m.hasMatch() ? m.captured(1) : QString();
}

} // namespace

class tst_OpenBlasKernel : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fallbacksAreReplacedByWhatTheCpuRuns_data()
    {
        QTest::addColumn<QString>("active");
        QTest::addColumn<int>("host");
        QTest::addColumn<QString>("better");
        QTest::newRow("Prescott on AVX-512") << "Prescott" << int(CpuVectorLevel::Avx512) << "SkylakeX";
        QTest::newRow("Prescott on AVX2") << "Prescott" << int(CpuVectorLevel::Avx2) << "Haswell";
        QTest::newRow("Nehalem on AVX-512") << "Nehalem" << int(CpuVectorLevel::Avx512) << "SkylakeX";
        QTest::newRow("Sandybridge on AVX2") << "Sandybridge" << int(CpuVectorLevel::Avx2) << "Haswell";
        QTest::newRow("Prescott on an AVX CPU: nothing better") << "Prescott" << int(CpuVectorLevel::Avx) << "";
        QTest::newRow("Prescott on SSE: right") << "Prescott" << int(CpuVectorLevel::Sse) << "";
        QTest::newRow("Haswell on AVX-512: OpenBLAS's choice") << "Haswell" << int(CpuVectorLevel::Avx512) << "";
        QTest::newRow("Zen on AVX2") << "Zen" << int(CpuVectorLevel::Avx2) << "";
        QTest::newRow("Cooperlake") << "Cooperlake" << int(CpuVectorLevel::Avx512) << "";
        QTest::newRow("no OpenBLAS") << "" << int(CpuVectorLevel::Avx512) << "";
    }
    void fallbacksAreReplacedByWhatTheCpuRuns()
    {
        QFETCH(QString, active);
        QFETCH(int, host);
        QFETCH(QString, better);
        QCOMPARE(QString::fromStdString(OpenBlasKernel::better(active.toStdString(), CpuVectorLevel(host))), better);
    }

    // Test processes start again as the apps do: OpenBLAS's own choice on this CPU is the kernel it
    // replaced, or the one it runs when there was nothing to replace.
    void theCliRunsNoFallbackKernel()
    {
        const std::string own =
            OpenBlasKernel::replacedKernel().empty() ? OpenBlasKernel::active() : OpenBlasKernel::replacedKernel();
        test::CliOptions options;
        options.unsetEnv << QStringLiteral("OPENBLAS_CORETYPE");
        const QString output = system(options);
        QVERIFY2(!output.isEmpty(), "framesmith-cli system failed");
        if (own.empty()) {
            QVERIFY2(kernelLine(output).isEmpty(), qPrintable(output)); // not OpenBLAS: nothing to say
            return;
        }
        const QString ran = kernelLine(output);
        QVERIFY2(!ran.isEmpty(), qPrintable(output));
        QVERIFY2(OpenBlasKernel::better(ran.toStdString(), OpenBlasKernel::hostLevel()).empty(), qPrintable(output));
        const std::string wanted = OpenBlasKernel::better(own, OpenBlasKernel::hostLevel());
        if (!wanted.empty()) { // this machine is one OpenBLAS does not recognise: the restart said so
            QCOMPARE(ran, QString::fromStdString(wanted));
            QVERIFY2(output.contains(QStringLiteral("OpenBLAS chose %1").arg(QString::fromStdString(own))),
                     qPrintable(output));
        } else {
            QCOMPARE(ran, QString::fromStdString(own));
        }
        QCOMPARE(ran, QString::fromStdString(OpenBlasKernel::active())); // and this process runs the same
        QVERIFY2(!output.contains(QStringLiteral("OpenBLAS runs its generic")), qPrintable(output));
    }

    void aKernelTheUserAsksForIsKept()
    {
        // Sandybridge's AVX kernels, or Prescott's on a CPU without AVX: one this CPU runs.
        const CpuVectorLevel host = OpenBlasKernel::hostLevel();
        const std::string asked = host >= CpuVectorLevel::Avx ? "Sandybridge" : "Prescott";
        const QString output = system(test::withEnvironment({{"OPENBLAS_CORETYPE", QString::fromStdString(asked)}}));
        QVERIFY2(!output.isEmpty(), "framesmith-cli system failed");
        if (OpenBlasKernel::active().empty()) {
            QVERIFY2(kernelLine(output).isEmpty(), qPrintable(output));
            return;
        }
        QCOMPARE(kernelLine(output), QString::fromStdString(asked));
        QVERIFY2(!output.contains(QStringLiteral("OpenBLAS chose")), qPrintable(output));
        // A fallback the user chose stays, and the warning says what it costs.
        const bool slower = !OpenBlasKernel::better(asked, host).empty();
        QCOMPARE(output.contains(QStringLiteral("warning: OpenBLAS runs its generic %1").arg(QString::fromStdString(asked))),
                 slower);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenBlasKernel)

} // namespace tst_OpenBlasKernel
#include "tst_OpenBlasKernel.moc"
