// HostMemoryLimits against fake /proc and cgroup trees of both versions: the tightest limit along
// the group's path wins, usage counts without inactive page cache, "max" and v1's huge value are no
// limit, a container's view (its group is the mount's root) is read, the limit is named; and on
// this machine the reader's answer is bounded by MemAvailable.
#include "memory/monitor/HostMemoryLimits.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_HostMemoryLimits {

using namespace framesmith;

namespace {

constexpr std::int64_t kGiB = std::int64_t(1) << 30;

void put(const std::filesystem::path& file, const std::string& text)
{
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
}

} // namespace

class TestHostMemoryLimits : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    int m_tree = 0;

    // A fresh fake root: /proc with 16 GiB total, 10 GiB available and 300 MiB mapped.
    std::filesystem::path freshRoot(const std::string& cgroupFile)
    {
        const std::filesystem::path root = m_dir.filePath(QString("tree%1").arg(++m_tree)).toStdString();
        put(root / "proc/meminfo", "MemTotal:       16777216 kB\nMemFree:  1000 kB\nMemAvailable:   10485760 kB\n");
        put(root / "proc/self/status", "Name:\tframesmith\nVmPeak:\t  400000 kB\nVmSize:\t  307200 kB\n");
        put(root / "proc/self/cgroup", cgroupFile);
        return root;
    }

    static HostMemoryLimits readFake(const std::filesystem::path& root)
    {
        return HostMemoryLimits::read({(root / "proc").string(), (root / "cgroup").string(), false});
    }

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void cgroupV2TightestAncestorWinsLessReclaimableCache()
    {
        const auto root = freshRoot("0::/user.slice/app.scope\n");
        put(root / "cgroup/cgroup.controllers", "cpu memory\n");
        put(root / "cgroup/user.slice/memory.max", std::to_string(6 * kGiB) + "\n");
        put(root / "cgroup/user.slice/memory.current", std::to_string(2 * kGiB) + "\n");
        put(root / "cgroup/user.slice/memory.stat", "anon 1000\ninactive_file " + std::to_string(kGiB / 2) + "\n");
        put(root / "cgroup/user.slice/app.scope/memory.max", "max\n");
        put(root / "cgroup/user.slice/app.scope/memory.current", "1000\n");
        const HostMemoryLimits limits = readFake(root);
        QCOMPARE(limits.memTotalBytes, 16 * kGiB);
        QCOMPARE(limits.memAvailableBytes, 10 * kGiB);
        QCOMPARE(limits.cgroupVersion, 2);
        QCOMPARE(limits.cgroupLimitBytes, 6 * kGiB);
        QCOMPARE(limits.cgroupUsedBytes, 2 * kGiB - kGiB / 2);
        QCOMPARE(limits.usableBytes(), 6 * kGiB - (2 * kGiB - kGiB / 2));
        QCOMPARE(limits.addressSpaceUsedBytes, std::int64_t(307200) * 1024);
        const QString why = QString::fromStdString(limits.limitingFactor());
        QVERIFY2(why.contains("cgroup v2") && why.contains("user.slice/memory.max"), qPrintable(why));
    }

    void cgroupV2WithoutALimitLeavesMemAvailable()
    {
        const auto root = freshRoot("0::/app\n");
        put(root / "cgroup/cgroup.controllers", "memory\n");
        put(root / "cgroup/app/memory.max", "max\n");
        const HostMemoryLimits limits = readFake(root);
        QCOMPARE(limits.cgroupVersion, 2);
        QCOMPARE(limits.cgroupLimitBytes, HostMemoryLimits::kUnlimited);
        QCOMPARE(limits.usableBytes(), 10 * kGiB);
        QVERIFY(limits.limitingFactor().empty());
    }

    void cgroupV1LimitInBytesOnTheMemoryController()
    {
        const auto root = freshRoot("5:cpu,cpuacct:/other\n4:memory:/docker/abc\n0::/\n");
        put(root / "cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n"); // v1's "no limit"
        put(root / "cgroup/memory/docker/abc/memory.limit_in_bytes", std::to_string(3 * kGiB) + "\n");
        put(root / "cgroup/memory/docker/abc/memory.usage_in_bytes", std::to_string(kGiB) + "\n");
        put(root / "cgroup/memory/docker/abc/memory.stat", "cache 5\ntotal_inactive_file 0\n");
        put(root / "cgroup/cpu/other/cpu.shares", "1024\n");
        const HostMemoryLimits limits = readFake(root);
        QCOMPARE(limits.cgroupVersion, 1);
        QCOMPARE(limits.cgroupLimitBytes, 3 * kGiB);
        QCOMPARE(limits.usableBytes(), 2 * kGiB);
        QVERIFY(QString::fromStdString(limits.limitingFactor()).contains("cgroup v1"));
        QVERIFY(QString::fromStdString(limits.describe()).contains("limit 3.0 GiB"));
    }

    // Inside a container the group's own folder is the mount's root: the path below it is absent.
    void cgroupV1ContainerViewReadsTheMountRoot()
    {
        const auto root = freshRoot("4:memory:/kubepods/pod1/c2\n");
        put(root / "cgroup/memory/memory.limit_in_bytes", std::to_string(4 * kGiB) + "\n");
        put(root / "cgroup/memory/memory.usage_in_bytes", std::to_string(3 * kGiB) + "\n");
        const HostMemoryLimits limits = readFake(root);
        QCOMPARE(limits.cgroupLimitBytes, 4 * kGiB);
        QCOMPARE(limits.usableBytes(), kGiB);
    }

    void unreadableFilesAreNoLimit()
    {
        const auto root = freshRoot("garbage line\n1:name=systemd:/\n");
        put(root / "cgroup/memory/memory.limit_in_bytes", "not a number\n");
        const HostMemoryLimits limits = readFake(root);
        QCOMPARE(limits.cgroupLimitBytes, HostMemoryLimits::kUnlimited);
        QCOMPARE(limits.usableBytes(), 10 * kGiB);
    }

    void addressSpaceLimitCountsWhatIsMappedAlready()
    {
        HostMemoryLimits limits;
        limits.memAvailableBytes = 10 * kGiB;
        limits.addressSpaceLimitBytes = 2 * kGiB;
        limits.addressSpaceUsedBytes = kGiB + kGiB / 2;
        QCOMPARE(limits.usableBytes(), kGiB / 2);
        QVERIFY(QString::fromStdString(limits.limitingFactor()).contains("RLIMIT_AS"));
        limits.addressSpaceUsedBytes = 3 * kGiB; // more mapped than the limit: nothing left, never negative
        QCOMPARE(limits.usableBytes(), std::int64_t(0));
    }

    void thisMachineIsBoundedByMemAvailable()
    {
        const HostMemoryLimits limits = HostMemoryLimits::read();
        QVERIFY(limits.memTotalBytes > 0);
        QVERIFY(limits.memAvailableBytes > 0);
        QVERIFY(limits.usableBytes() <= limits.memAvailableBytes);
        QVERIFY(limits.addressSpaceUsedBytes > 0);
        QVERIFY(!limits.describe().empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestHostMemoryLimits)

} // namespace tst_HostMemoryLimits
#include "tst_HostMemoryLimits.moc"
