// The slow-BLAS warning must fire for Debian's reference library and stay quiet otherwise.
#include "core/BlasProbe.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_BlasProbe {

using framesmith::BlasKind;
using framesmith::BlasProbe;

class tst_BlasProbe : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void classifiesMappedLibraries_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("kind");
        QTest::newRow("netlib reference") << "/usr/lib/x86_64-linux-gnu/blas/libblas.so.3.11.0" << int(BlasKind::Reference);
        QTest::newRow("openblas pthread") << "/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3" << int(BlasKind::OpenBlas);
        QTest::newRow("blis") << "/usr/lib/x86_64-linux-gnu/blis-pthread/libblas.so.3" << int(BlasKind::Other);
        QTest::newRow("none") << "" << int(BlasKind::Unknown);
    }

    void classifiesMappedLibraries()
    {
        QFETCH(QString, path);
        QFETCH(int, kind);
        QCOMPARE(int(BlasProbe::classify(path.toStdString()).kind), kind);
    }

    void advisesOnlyForTheReferenceLibrary()
    {
        const auto reference = BlasProbe::classify("/usr/lib/x86_64-linux-gnu/blas/libblas.so.3");
        QVERIFY(BlasProbe::advice(reference).find("libopenblas0-pthread") != std::string::npos);
        QVERIFY(BlasProbe::advice(BlasProbe::classify("/usr/lib/x86_64-linux-gnu/openblas-pthread/libblas.so.3")).empty());
    }

    void detectsTheLibraryOfThisProcess()
    {
        // The tests link libtorch, which maps the system BLAS; CI installs OpenBLAS.
        const auto info = BlasProbe::detect();
        QVERIFY2(!info.path.empty(), "no BLAS library mapped in a process that links libtorch");
        QCOMPARE(int(info.kind), int(BlasKind::OpenBlas));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_BlasProbe)

} // namespace tst_BlasProbe
#include "tst_BlasProbe.moc"
