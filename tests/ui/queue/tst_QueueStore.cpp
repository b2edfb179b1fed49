// QueueStore reads files the app did not necessarily write (a synced or shared app-data folder, a
// hand edit): a job's latents must be a file of the queue folder itself, never a path elsewhere, a
// link or a FIFO (a resume reads it, a delete removes it); a farm array id is digits; a job file
// that grows past the cap while it is read is skipped, not read whole (issue 34).
#include "ui/queue/QueueStore.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sys/stat.h>
#include <unistd.h>

namespace tst_QueueStore {

class tst_QueueStore : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    QueueJob job(const QString& id, const QString& latents, const QString& array = {}) const
    {
        QueueJob j;
        j.id = id;
        j.request.modelPath = "/models/tiny-2b";
        j.request.prompt = "a fox";
        j.state = QueueJob::State::Running;
        j.latentsPath = latents;
        j.farmArrayId = array;
        return j;
    }

    QueueJob loaded(const QString& id)
    {
        QueueStore store(m_dir.path());
        for (const QueueJob& j : store.load())
            if (j.id == id)
                return j;
        return {};
    }

private Q_SLOTS:
    void ownLatentsAreKept()
    {
        QueueStore store(m_dir.path());
        const QString latents = store.folder() + "/a-1.latents.safetensors";
        QVERIFY(store.save(job("a", latents, "4242")));
        QCOMPARE(loaded("a").latentsPath, latents); // not written yet: the run died before its checkpoint
        QFile file(latents);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        QCOMPARE(loaded("a").latentsPath, latents);
        QCOMPARE(loaded("a").farmArrayId, QStringLiteral("4242"));
    }

    void hostileLatentsAndArrayIdsAreDropped_data()
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("a file elsewhere") << "elsewhere";
        QTest::newRow("through ..") << "dotdot";
        QTest::newRow("a link in the folder") << "link";
        QTest::newRow("a FIFO in the folder") << "fifo";
    }

    void hostileLatentsAndArrayIdsAreDropped()
    {
        QFETCH(QString, kind);
        QueueStore store(m_dir.path());
        QVERIFY(QDir().mkpath(store.folder()));
        const QString secret = m_dir.filePath("secret.safetensors");
        QFile(secret).open(QIODevice::WriteOnly);
        QString latents = store.folder() + "/" + kind + ".latents.safetensors";
        if (kind == "elsewhere")
            latents = secret;
        else if (kind == "dotdot")
            latents = store.folder() + "/../secret.safetensors";
        else if (kind == "link")
            QVERIFY(QFile::link(secret, latents));
        else
            QVERIFY(::mkfifo(latents.toUtf8().constData(), 0600) == 0);
        QVERIFY(store.save(job(kind, latents, "1; scancel -u $USER")));
        const QueueJob back = loaded(kind);
        QCOMPARE(back.id, kind);
        QVERIFY2(back.latentsPath.isEmpty(), qPrintable(back.latentsPath));
        QVERIFY(back.farmArrayId.isEmpty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_QueueStore)

} // namespace tst_QueueStore
#include "tst_QueueStore.moc"
