// FarmTaskState: what a task writes of itself is read back whole; a missing, damaged or foreign
// file reads as nothing (the other sources decide), never as a crash.
#include "cli/farm/FarmTaskState.h"
#include "support/TestRegistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_FarmTaskState {

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

    // Issue 34: a reason that quotes bytes which are not UTF-8 (a job file's, a path's) made dump()
    // throw nlohmann's type_error: the task's end was never written and it stayed "running".
    void reasonThatIsNotUtf8IsStillWritten()
    {
        FarmTaskState::write(path("latin1.json"), {"failed", "caf\xe9.json: bad \xff byte", 2, "", "n1", ""});
        const auto back = FarmTaskState::read(path("latin1.json"));
        QVERIFY(back.has_value());
        QCOMPARE(back->state, std::string("failed"));
        QCOMPARE(back->exitCode, 2);
        QCOMPARE(back->reason, std::string("caf\xef\xbf\xbd.json: bad \xef\xbf\xbd byte")); // U+FFFD each
    }

    // Issue 34: value<int>() of 1e300 is undefined and 3.5 became 3: an exit code must be written as one.
    void exitCodeOutOfRangeIsNotAState()
    {
        for (const char* code : {"1e300", "3.5", "4294967296", "-2", "256", "18446744073709551615"}) {
            writeRaw("code.json", QByteArray("{\"state\": \"failed\", \"exitCode\": ") + code + "}");
            QVERIFY2(!FarmTaskState::read(path("code.json")).has_value(), code);
        }
        writeRaw("code.json", "{\"state\": \"failed\", \"exitCode\": 255}");
        QCOMPARE(FarmTaskState::read(path("code.json"))->exitCode, 255);
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

FRAMESMITH_TEST_GUILESS_MAIN(TestFarmTaskState)

} // namespace tst_FarmTaskState
#include "tst_FarmTaskState.moc"
