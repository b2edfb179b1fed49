// SHA-256 against the FIPS 180-4 examples and a file read in pieces larger than a block.
#include "core/Sha256.h"
#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <fstream>

namespace tst_Sha256 {

using namespace framesmith;

class tst_Sha256 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesTheStandardsExamples()
    {
        QCOMPARE(QString::fromStdString(Sha256::ofBytes("")),
                 QString("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        QCOMPARE(QString::fromStdString(Sha256::ofBytes("abc")),
                 QString("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        QCOMPARE(QString::fromStdString(Sha256::ofBytes("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
                 QString("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
        QCOMPARE(QString::fromStdString(Sha256::ofBytes(std::string(1000000, 'a'))),
                 QString("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
    }

    void hashesFilesAndNamesAMissingOne()
    {
        QTemporaryDir dir;
        const std::string path = dir.filePath("a.bin").toStdString();
        std::ofstream(path, std::ios::binary) << std::string(3 * (1 << 20) + 17, 'a');
        QCOMPARE(Sha256::ofFile(path), Sha256::ofBytes(std::string(3 * (1 << 20) + 17, 'a')));
        QVERIFY_THROWS_EXCEPTION(FileError, Sha256::ofFile(dir.filePath("missing").toStdString()));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_Sha256)

} // namespace tst_Sha256
#include "tst_Sha256.moc"
