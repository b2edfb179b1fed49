// AtomicOutput: a temporary beside the target until commit; removed on discard, and removable from
// a signal handler (removePendingFiles), so a second Ctrl-C during an export leaves no
// "*.tmp-XXXXXX" behind.
#include "export/AtomicOutput.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>
#include <filesystem>
#include <sys/wait.h>
#include <unistd.h>

namespace tst_AtomicOutput {

using namespace framesmith;

namespace {
extern "C" void removeAndDie(int signal)
{
    AtomicOutput::removePendingFiles();
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}
} // namespace

class TestAtomicOutput : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QStringList leftovers() const { return QDir(m_dir.path()).entryList({"*.tmp-*"}, QDir::AllEntries); }

private Q_SLOTS:
    void commitReplacesAndLeavesNoTemporary()
    {
        const std::string path = m_dir.filePath("clip.txt").toStdString();
        {
            AtomicOutput out(path, AtomicOutput::Kind::File);
            out.writeText("done");
            out.commit();
            AtomicOutput::removePendingFiles(); // a committed output is no longer pending
        }
        QVERIFY(std::filesystem::exists(path));
        QVERIFY(leftovers().isEmpty());
    }

    void pendingTemporariesCanBeRemovedFromAHandler()
    {
        AtomicOutput out(m_dir.filePath("a.mp4").toStdString(), AtomicOutput::Kind::File);
        AtomicOutput sidecar(m_dir.filePath("a.mp4.json").toStdString(), AtomicOutput::Kind::File);
        QCOMPARE(leftovers().size(), 2);
        AtomicOutput::removePendingFiles();
        QVERIFY2(leftovers().isEmpty(), qPrintable(leftovers().join(", ")));
    }

    // A process killed by a signal in mid-export: the handler's removal is all the cleanup it gets.
    void signalDeathLeavesNoTemporary()
    {
        const std::string path = m_dir.filePath("killed.mp4").toStdString();
        const pid_t child = ::fork();
        if (child == 0) {
            std::signal(SIGINT, removeAndDie);
            AtomicOutput out(path, AtomicOutput::Kind::File);
            std::raise(SIGINT);
            ::_exit(0); // not reached
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT);
        QVERIFY2(leftovers().isEmpty(), qPrintable(leftovers().join(", ")));
        QVERIFY(!std::filesystem::exists(path));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestAtomicOutput)

} // namespace tst_AtomicOutput
#include "tst_AtomicOutput.moc"
