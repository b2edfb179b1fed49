// CheckpointTarget: the asked-for checkpoint path when its folder takes a file, otherwise a fresh
// name in a writable fallback, said in notice(); a write that fails later still lands somewhere.
#include "framesmith/Error.h"
#include "engine/checkpoints/CheckpointTarget.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <unistd.h>

namespace tst_CheckpointTarget {

using namespace framesmith;

class TestCheckpointTarget : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString fallback() const { return m_dir.filePath("fallback"); }

    LatentsCheckpoint sample() const
    {
        LatentsCheckpoint c;
        c.latents = at::ones({1, 2, 4, 3, 3});
        c.request.seed = 9;
        c.family = "cogvideox";
        c.stepsCompleted = c.stepCount = 2;
        return c;
    }

private Q_SLOTS:
    void initTestCase() { qputenv("FRAMESMITH_CHECKPOINT_DIR", fallback().toUtf8()); }

    void writableFolderKeepsTheAskedPath()
    {
        const std::string wanted = m_dir.filePath("mine.safetensors").toStdString();
        CheckpointTarget target = CheckpointTarget::choose(wanted, {});
        QCOMPARE(target.path(), wanted);
        QVERIFY(target.notice().empty());
        QCOMPARE(target.write(sample()), wanted);
        QVERIFY(at::equal(LatentsCheckpoint::read(wanted).latents, sample().latents));
    }

    void emptyMeansAFreshNameInTheDefaultFolder()
    {
        GenerationRequest r;
        r.seed = 77;
        const CheckpointTarget target = CheckpointTarget::choose("", r);
        QVERIFY(QString::fromStdString(target.path()).startsWith(fallback()));
        QVERIFY(QString::fromStdString(target.path()).endsWith("seed77.latents.safetensors"));
    }

    // A folder that cannot be created (under a regular file; permissions do not stop root).
    void impossibleFolderFallsBackBeforeAnyWork()
    {
        const QString file = m_dir.filePath("a-file");
        QFile(file).open(QIODevice::WriteOnly);
        const std::string wanted = (file + "/l.safetensors").toStdString();
        CheckpointTarget target = CheckpointTarget::choose(wanted, {});
        QVERIFY(QString::fromStdString(target.path()).startsWith(fallback()));
        QVERIFY(QString::fromStdString(target.notice()).contains(QString::fromStdString(wanted)));
        QCOMPARE(target.write(sample()), target.path());
    }

    // The folder was fine when the run started and is gone when the latents are ready.
    void failedWriteIsRetriedInAFallback()
    {
        const QString folder = m_dir.filePath("vanishing");
        QVERIFY(QDir().mkpath(folder));
        CheckpointTarget target = CheckpointTarget::choose((folder + "/l.safetensors").toStdString(), {});
        QVERIFY(QDir(folder).removeRecursively());
        QFile(folder).open(QIODevice::WriteOnly); // now a file: nothing can be written "in" it
        const std::string written = target.write(sample());
        QVERIFY(QString::fromStdString(written).startsWith(fallback()));
        QCOMPARE(target.path(), written);
        QVERIFY(QString::fromStdString(target.notice()).contains(QString::fromStdString(written)));
        QVERIFY(at::equal(LatentsCheckpoint::read(written).latents, sample().latents));
    }

    void canWriteInSaysWhy()
    {
        std::string why;
        QVERIFY(CheckpointTarget::canWriteIn(m_dir.path().toStdString(), &why));
        QVERIFY(!CheckpointTarget::canWriteIn("/proc/framesmith-no-such-folder", &why));
        QVERIFY(QString::fromStdString(why).contains("/proc/framesmith-no-such-folder"));
    }

    // Another local user planted the temporary fallback's name (the old fixed one and the per-user
    // one) as a link to a folder of theirs: the latents, and the prompt in their metadata, must not
    // land there (issue 34). With no other folder left, the run is refused instead.
    void plantedTemporaryFallbackIsNeverFollowed()
    {
        const QString temp = m_dir.filePath("tmp"), theirs = m_dir.filePath("theirs");
        QVERIFY(QDir().mkpath(temp) && QDir().mkpath(theirs));
        for (const QString& name : {QStringLiteral("framesmith-checkpoints"),
                                    QStringLiteral("framesmith-checkpoints-") + QString::number(::getuid())})
            QVERIFY(QFile::link(theirs, temp + "/" + name));
        const QString blocked = m_dir.filePath("blocked-file");
        QFile(blocked).open(QIODevice::WriteOnly);
        qputenv("TMPDIR", temp.toUtf8());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", (blocked + "/sub").toUtf8()); // the default folder cannot be made
        try {
            CheckpointTarget target = CheckpointTarget::choose((blocked + "/l.safetensors").toStdString(), {});
            QVERIFY2(!QString::fromStdString(target.path()).startsWith(temp), target.path().c_str());
            target.write(sample());
        } catch (const FileError&) {
        }
        qputenv("FRAMESMITH_CHECKPOINT_DIR", fallback().toUtf8());
        qunsetenv("TMPDIR");
        QVERIFY(QDir(theirs).isEmpty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCheckpointTarget)

} // namespace tst_CheckpointTarget
#include "tst_CheckpointTarget.moc"
