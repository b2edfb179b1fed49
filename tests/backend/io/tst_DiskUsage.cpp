#include "io/DiskUsage.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

namespace tst_DiskUsage {

using framesmith::DiskUsage;
namespace fs = std::filesystem;

class tst_DiskUsage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsEachFileOnceThroughLinksAndCycles()
    {
        QTemporaryDir dir;
        const fs::path root = dir.path().toStdString();
        fs::create_directories(root / "blobs");
        fs::create_directories(root / "snap" / "sub");
        std::ofstream(root / "blobs" / "a") << std::string(1000, 'a');
        std::ofstream(root / "blobs" / "b") << std::string(300, 'b');
        fs::create_symlink("../blobs/a", root / "snap" / "a1");
        fs::create_symlink("../../blobs/a", root / "snap" / "sub" / "a2"); // same blob twice
        fs::create_symlink("../blobs/b", root / "snap" / "b");
        fs::create_hard_link(root / "blobs" / "b", root / "snap" / "b-hard");
        fs::create_symlink("../snap", root / "snap" / "sub" / "loop");   // a cycle
        fs::create_symlink("../blobs/gone", root / "snap" / "dangling");
        std::ofstream(root / "snap" / "own") << std::string(7, 'x');
        QCOMPARE(DiskUsage::bytes((root / "snap").string()), std::uint64_t(1000 + 300 + 7));
        QCOMPARE(DiskUsage::bytes((root / "snap" / "a1").string()), std::uint64_t(1000));
        QCOMPARE(DiskUsage::bytes((root / "absent").string()), std::uint64_t(0));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_DiskUsage)

} // namespace tst_DiskUsage
#include "tst_DiskUsage.moc"
