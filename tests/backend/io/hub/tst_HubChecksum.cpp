// The Hub's names for bytes: sha256 (LFS) and the git blob id (sha1 of "blob N\0" + bytes), against
// Qt's own hashes over sizes that cross the 64-byte block and padding boundaries.
#include "framesmith/Error.h"
#include "io/hub/HubChecksum.h"
#include "io/hub/Sha1.h"
#include "core/Sha256.h"
#include "support/TestRegistry.h"

#include <QCryptographicHash>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace tst_HubChecksum {

using namespace framesmith;

class tst_HubChecksum : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void sha256MatchesKnownVectors()
    {
        Sha256 empty;
        QCOMPARE(QString::fromStdString(empty.hexDigest()),
                 QString("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
        Sha256 abc;
        abc.update("abc", 3);
        QCOMPARE(QString::fromStdString(abc.hexDigest()),
                 QString("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
        Sha1 abc1;
        abc1.update("abc", 3);
        QCOMPARE(QString::fromStdString(abc1.hexDigest()), QString("a9993e364706816aba3e25717850c26c9cd0d89d"));
    }

    void hashesAgreeWithQtAcrossBlockBoundaries()
    {
        for (int size : {1, 55, 56, 63, 64, 65, 119, 120, 128, 1000, 100003}) {
            QByteArray bytes(size, Qt::Uninitialized);
            for (int i = 0; i < size; ++i)
                bytes[i] = char((i * 131 + 7) & 0xff);
            Sha256 sha256;
            Sha1 sha1;
            // Fed in uneven pieces: the buffering must not matter.
            for (int at = 0; at < size; at += 37) {
                sha256.update(bytes.constData() + at, std::min(37, size - at));
                sha1.update(bytes.constData() + at, std::min(37, size - at));
            }
            QCOMPARE(QByteArray::fromStdString(sha256.hexDigest()), QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
            QCOMPARE(QByteArray::fromStdString(sha1.hexDigest()), QCryptographicHash::hash(bytes, QCryptographicHash::Sha1).toHex());
        }
    }

    void fileChecksumPicksTheKindByLength()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("config.json");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"a\": 1}\n");
        file.close();
        CancelToken cancel;
        const QByteArray bytes = "{\"a\": 1}\n";
        const std::string sha256 = QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex().toStdString();
        // What `git hash-object` prints for the same bytes.
        const std::string blobId =
            QCryptographicHash::hash("blob 9" + QByteArray(1, '\0') + bytes, QCryptographicHash::Sha1).toHex().toStdString();
        QCOMPARE(HubChecksum::of(path.toStdString(), sha256, cancel), sha256);
        QCOMPARE(HubChecksum::of(path.toStdString(), blobId, cancel), blobId);
        cancel.request(CancelMode::StopNow);
        QVERIFY_THROWS_EXCEPTION(framesmith::CancelledError, HubChecksum::of(path.toStdString(), sha256, cancel));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_HubChecksum)

} // namespace tst_HubChecksum
#include "tst_HubChecksum.moc"
