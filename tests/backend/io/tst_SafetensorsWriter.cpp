#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>

#include <QDir>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <fstream>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tst_SafetensorsWriter {

using namespace framesmith;

class tst_SafetensorsWriter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void roundTripsEveryDtypeAndMetadata()
    {
        SafetensorsWriter writer;
        const std::vector<at::ScalarType> types = {at::kDouble, at::kFloat, at::kHalf, at::kBFloat16, at::kLong,
                                                   at::kInt, at::kShort, at::kChar, at::kByte, at::kBool};
        for (std::size_t i = 0; i < types.size(); ++i)
            writer.add("t" + std::to_string(i), at::arange(7, at::kDouble).reshape({7, 1}).to(types[i]));
        writer.add("empty", at::zeros({0, 3}));
        writer.setMetadata("json", "{\"seed\": 4}");
        const std::string path = file("all.safetensors");
        writer.write(path);
        SafetensorsReader reader(path);
        QCOMPARE(reader.entries().size(), types.size() + 1);
        QCOMPARE(reader.metadata().at("json"), std::string("{\"seed\": 4}"));
        for (std::size_t i = 0; i < types.size(); ++i) {
            at::Tensor t = reader.view("t" + std::to_string(i));
            QCOMPARE(t.scalar_type(), types[i]);
            QVERIFY(t.equal(at::arange(7, at::kDouble).reshape({7, 1}).to(types[i])));
        }
        QCOMPARE(reader.view("empty").sizes().vec(), (std::vector<std::int64_t>{0, 3}));
    }

    void ordersTensorsSoEveryOneIsAligned()
    {
        SafetensorsWriter writer;
        writer.add("a_byte", at::ones({3}, at::kByte));
        writer.add("b_half", at::ones({5}, at::kHalf));
        writer.add("c_double", at::ones({2}, at::kDouble));
        const std::string path = file("aligned.safetensors");
        writer.write(path);
        const SafetensorsReader reader(path); // entries() refers into it: it must outlive the loop
        for (const auto& e : reader.entries())
            QVERIFY2(e.begin % SafetensorsHeader::dtypeSize(e.dtype) == 0, e.name.c_str());
    }

    void rejectsRepeatedAndReservedNamesWithoutWriting()
    {
        for (const char* name : {"x", "__metadata__"}) {
            SafetensorsWriter writer;
            writer.add(name, at::ones({1}));
            writer.add(name, at::ones({1}));
            const std::string path = file("names.safetensors");
            expectFailure([&] { writer.write(path); }, ErrorCode::InvalidRequest, path);
            QVERIFY(!QFile::exists(QString::fromStdString(path)));
        }
    }

    void unwritablePathsNameThePathAndLeaveNothing()
    {
        std::ofstream(file("plain-file")) << "x";
        for (const std::string& path : {file("no/such/folder/x.safetensors"), file("plain-file/x.safetensors")}) {
            SafetensorsWriter writer;
            writer.add("w", at::ones({4}));
            expectFailure([&] { writer.write(path); }, ErrorCode::Io, path);
        }
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).filter(".tmp-").size(), 0);
    }

    // A full disk, for real: the child may not grow any file beyond 64 KiB (RLIMIT_FSIZE, with
    // SIGXFSZ ignored so write() fails with EFBIG instead of killing it).
    void fullDiskKeepsThePreviousFileAndLeavesNoTemporary()
    {
        const std::string path = file("full-disk.safetensors");
        SafetensorsWriter small;
        small.add("old", at::ones({2}));
        small.write(path);
        SafetensorsWriter big;
        big.add("w", at::ones({1 << 20})); // 4 MiB
        pid_t child = ::fork();
        QVERIFY(child >= 0);
        if (child == 0)
            ::_exit(writeUnderFileSizeLimit(big, path));
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFEXITED(status));
        QCOMPARE(WEXITSTATUS(status), 0); // 0: FileError(Io) naming the path; see writeUnderFileSizeLimit
        SafetensorsReader survivor(path);
        QVERIFY(survivor.find("old"));
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files).filter(".tmp-").size(), 0);
    }

private:
    static int writeUnderFileSizeLimit(const SafetensorsWriter& writer, const std::string& path)
    {
        std::signal(SIGXFSZ, SIG_IGN);
        struct rlimit limit = {64 * 1024, 64 * 1024};
        if (::setrlimit(RLIMIT_FSIZE, &limit) != 0)
            return 3;
        try {
            writer.write(path);
            return 1;
        } catch (const FileError& e) {
            const std::string what = e.what();
            bool named = e.code() == ErrorCode::Io && e.path() == path && what.find("write failed") != std::string::npos;
            return named ? 0 : 2;
        } catch (...) {
            return 4;
        }
    }

    template <class F>
    void expectFailure(F f, ErrorCode code, const std::string& path)
    {
        try {
            f();
            QFAIL("write succeeded");
        } catch (const FileError& e) {
            QCOMPARE(int(e.code()), int(code));
            QCOMPARE(e.path(), path);
            QVERIFY(std::string(e.what()).size() > path.size() + 4);
        }
    }

    std::string file(const std::string& name) { return (m_dir.path() + "/").toStdString() + name; }
    QTemporaryDir m_dir;
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_SafetensorsWriter)

} // namespace tst_SafetensorsWriter
#include "tst_SafetensorsWriter.moc"
