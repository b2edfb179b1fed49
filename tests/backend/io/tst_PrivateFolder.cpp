// PrivateFolder: a per-user folder in a place every user can write. Made 0700 when missing; a
// link or a file planted at its name is refused, never followed; a folder of ours left open to
// others is closed; one that belongs to another user (when the test runs as root) is refused.
#include "io/PrivateFolder.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sys/stat.h>
#include <unistd.h>

namespace tst_PrivateFolder {

using namespace framesmith;

class TestPrivateFolder : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

    static mode_t modeOf(const std::string& p)
    {
        struct stat st {};
        ::lstat(p.c_str(), &st);
        return st.st_mode & 0777;
    }

private Q_SLOTS:
    void missingFolderIsMadePrivate()
    {
        std::string why;
        QVERIFY(PrivateFolder::ensure(path("mine"), &why));
        QCOMPARE(modeOf(path("mine")), mode_t(0700));
        QVERIFY(PrivateFolder::ensure(path("mine"), &why)); // again: the same folder is fine
    }

    void plantedLinkIsRefusedNotFollowed()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("theirs"));
        QVERIFY(::symlink(path("theirs").c_str(), path("planted").c_str()) == 0);
        std::string why;
        QVERIFY(!PrivateFolder::ensure(path("planted"), &why));
        QVERIFY2(QString::fromStdString(why).contains("not a real folder"), why.c_str());
        QVERIFY(::symlink(path("nowhere").c_str(), path("dangling").c_str()) == 0);
        QVERIFY(!PrivateFolder::ensure(path("dangling"), &why));
        QVERIFY(!QFileInfo::exists(m_dir.filePath("nowhere"))); // the link's target was not made
    }

    void openFolderOfOursIsClosed()
    {
        QVERIFY(QDir(m_dir.path()).mkpath("open"));
        QVERIFY(::chmod(path("open").c_str(), 0777) == 0);
        std::string why;
        QVERIFY(PrivateFolder::ensure(path("open"), &why));
        QCOMPARE(modeOf(path("open")), mode_t(0700));
    }

    void anotherUsersFolderIsRefused()
    {
        if (::getuid() != 0)
            QSKIP("needs root to give a folder to another user");
        QVERIFY(QDir(m_dir.path()).mkpath("other"));
        QVERIFY(::chown(path("other").c_str(), 65534, 65534) == 0);
        std::string why;
        QVERIFY(!PrivateFolder::ensure(path("other"), &why));
        QVERIFY2(QString::fromStdString(why).contains("another user"), why.c_str());
    }

    void nameIsPerUser()
    {
        QVERIFY(QString::fromStdString(PrivateFolder::inTemp("framesmith-checkpoints"))
                    .endsWith("/framesmith-checkpoints-" + QString::number(::getuid())));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestPrivateFolder)

} // namespace tst_PrivateFolder
#include "tst_PrivateFolder.moc"
