// BoundedFileReader: the one reader of small files someone else may have written. A FIFO, a
// device, a folder and a link (when links are refused) are refused at once without blocking; a
// file over the cap (a 3 GB sparse file, /dev/zero behind a link) is refused unread; every refusal
// is a FileError naming the path.
#include "framesmith/Error.h"
#include "io/BoundedFileReader.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tst_BoundedFileReader {

using namespace framesmith;

class TestBoundedFileReader : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

    static ErrorCode refusal(const std::string& file, std::size_t cap = 1024,
                             BoundedFileReader::Links links = BoundedFileReader::Links::Follow, QString* message = nullptr)
    {
        try {
            BoundedFileReader::read(file, cap, "job file", links);
        } catch (const FileError& e) {
            if (message)
                *message = e.what();
            return e.code();
        }
        return ErrorCode::Invalid; // read: no refusal
    }

private Q_SLOTS:
    void readsASmallRegularFileWhole()
    {
        std::ofstream(path("job.json")) << "{\"prompt\": \"a fox\"}";
        QCOMPARE(BoundedFileReader::read(path("job.json"), 1024, "job file"), std::string("{\"prompt\": \"a fox\"}"));
        std::ofstream(path("exact.json")) << std::string(1024, 'x');
        QCOMPARE(BoundedFileReader::read(path("exact.json"), 1024, "job file").size(), size_t(1024));
    }

    void specialFilesAreRefusedWithoutBlocking()
    {
        QVERIFY(::mkfifo(path("fifo.json").c_str(), 0600) == 0);
        QString message;
        QCOMPARE(refusal(path("fifo.json"), 1024, BoundedFileReader::Links::Follow, &message), ErrorCode::BadFile);
        QVERIFY2(message.contains("fifo.json") && message.contains("a FIFO, not a regular file"), qPrintable(message));
        QCOMPARE(refusal("/dev/zero"), ErrorCode::BadFile);
        QCOMPARE(refusal(m_dir.path().toStdString()), ErrorCode::BadFile);
        QCOMPARE(refusal(path("absent.json")), ErrorCode::MissingFile);
        QVERIFY(::symlink("/dev/zero", path("zero.json").c_str()) == 0);
        QCOMPARE(refusal(path("zero.json")), ErrorCode::BadFile);
    }

    void filesOverTheCapAreRefusedUnread()
    {
        { // 3 GB, sparse: reading it would take 3 GB of memory
            const int fd = ::open(path("sparse.json").c_str(), O_CREAT | O_WRONLY, 0600);
            QVERIFY(fd >= 0);
            QVERIFY(::ftruncate(fd, 3ll << 30) == 0);
            ::close(fd);
        }
        QString message;
        QCOMPARE(refusal(path("sparse.json"), 1 << 20, BoundedFileReader::Links::Follow, &message), ErrorCode::BadFile);
        QVERIFY2(message.contains("3.0 GiB") && message.contains("at most 1.0 MiB"), qPrintable(message));
        std::ofstream(path("big.json")) << std::string(1025, 'x');
        QCOMPARE(refusal(path("big.json")), ErrorCode::BadFile);
    }

    void linksCanBeRefused()
    {
        std::ofstream(path("target.json")) << "{}";
        QVERIFY(::symlink(path("target.json").c_str(), path("link.json").c_str()) == 0);
        QCOMPARE(BoundedFileReader::read(path("link.json"), 16, "state file"), std::string("{}"));
        QString message;
        QCOMPARE(refusal(path("link.json"), 16, BoundedFileReader::Links::Refuse, &message), ErrorCode::BadFile);
        QVERIFY2(message.contains("symbolic link"), qPrintable(message));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestBoundedFileReader)

} // namespace tst_BoundedFileReader
#include "tst_BoundedFileReader.moc"
