// FarmTaskState: what a task writes of itself is read back whole; a missing, damaged or foreign
// file reads as nothing (the other sources decide), never as a crash.
#include "cli/farm/FarmTaskState.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

using namespace framesmith::cli;

class TestFarmTaskState : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

    void writeRaw(const char* name, const QByteArray& text)
    {
        QFile file(QString::fromStdString(path(name)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(text);
    }

private Q_SLOTS:
    void roundTrip()
    {
        FarmTaskState::write(path("0.json"), {"failed", "vae-decode: out of memory", 3, "/s/latents/0.safetensors", "n1", ""});
        const auto back = FarmTaskState::read(path("0.json"));
        QVERIFY(back.has_value());
        QCOMPARE(back->state, std::string("failed"));
        QCOMPARE(back->exitCode, 3);
        QCOMPARE(back->latentsPath, std::string("/s/latents/0.safetensors"));
        QCOMPARE(back->host, std::string("n1"));
        QVERIFY(!back->updatedAt.empty());
        // Written atomically: nothing but the file itself is left in the folder.
        QCOMPARE(QDir(m_dir.path()).entryList(QDir::Files), QStringList{"0.json"});
    }

    void unreadableIsNothing()
    {
        QVERIFY(!FarmTaskState::read(path("missing.json")).has_value());
        writeRaw("half.json", "{\"state\": \"runn");
        QVERIFY(!FarmTaskState::read(path("half.json")).has_value());
        writeRaw("typed.json", "{\"state\": \"ok\", \"exitCode\": \"zero\"}");
        QVERIFY(!FarmTaskState::read(path("typed.json")).has_value());
        writeRaw("array.json", "[1, 2]");
        QVERIFY(!FarmTaskState::read(path("array.json")).has_value());
    }
};

QTEST_GUILESS_MAIN(TestFarmTaskState)
#include "tst_FarmTaskState.moc"
