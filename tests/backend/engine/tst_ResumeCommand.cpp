// Pause to disk through framesmith-cli, each command its own process (a restart between pause and
// resume): `generate --pause-after-step` and SIGUSR1 exit 5 naming the paused checkpoint;
// `resume FILE` finishes it with the uninterrupted run's latents bit for bit, for every sampler of
// every family's demo model and for image-to-video; a finished checkpoint is refused (bad input).
#include "io/SafetensorsReader.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>

namespace tst_ResumeCommand {

using namespace framesmith;

namespace {

struct Run {
    int exitCode = -1;
    QString output;
};

QString cliPath()
{
    return QString::fromStdString(test::binaryDir() + "/bin/framesmith-cli");
}

Run cli(const QStringList& args)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(cliPath(), args);
    p.waitForFinished(300000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

at::Tensor latentsOf(const QString& path)
{
    return SafetensorsReader(path.toStdString()).view("latents").clone();
}

// The path after "paused: " on its own line.
QString pausedPath(const QString& output)
{
    const QRegularExpressionMatch m = QRegularExpression("^paused: (.+)$", QRegularExpression::MultilineOption).match(output);
    return m.hasMatch() ? m.captured(1).trimmed() : QString();
}

} // namespace

class TestResumeCommand : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

    QStringList requestFlags(const QString& model, const QString& steps)
    {
        QStringList flags{"--model", model, "--prompt", "a kite over the sea", "--steps", steps, "--seed", "9",
                          "--no-decode", "--quiet"};
        flags << "--frames" << (model.contains("opensora") ? "17" : "9") << "--width" << "96" << "--height" << "64";
        if (model.contains("i2v"))
            flags << "--image" << QString::fromStdString(test::cogvideoxFixture("golden/tiny-5b-i2v/image.png"));
        return flags;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath("checkpoints").toUtf8());
        for (const char* family : {"cogvideox", "opensora"}) {
            const Run made = cli({"make-demo-model", path(QString("demo-") + family), "--family", family});
            QVERIFY2(made.exitCode == 0, qPrintable(made.output));
        }
    }

    void pausedThenResumedEqualsUninterrupted_data()
    {
        QTest::addColumn<QString>("model");
        QTest::addColumn<QString>("scheduler");
        QTest::newRow("cogvideox t2v ddim") << path("demo-cogvideox") << "ddim";
        QTest::newRow("cogvideox t2v dpm") << path("demo-cogvideox") << "dpm";
        QTest::newRow("opensora t2v rflow") << path("demo-opensora") << "rflow";
        const QString i2v = QString::fromStdString(test::cogvideoxFixture("models/tiny-5b-i2v"));
        QTest::newRow("cogvideox i2v ddim") << i2v << "ddim";
        QTest::newRow("cogvideox i2v dpm") << i2v << "dpm";
    }
    void pausedThenResumedEqualsUninterrupted()
    {
        QFETCH(QString, model);
        QFETCH(QString, scheduler);
        const QString tag = QTest::currentDataTag();
        const QStringList flags = requestFlags(model, "4") + QStringList{"--scheduler", scheduler};
        const Run whole = cli(QStringList{"generate", "--save-latents", path(tag + " whole.safetensors")} + flags);
        QVERIFY2(whole.exitCode == 0, qPrintable(whole.output));

        const Run paused = cli(QStringList{"generate", "--pause-after-step", "2", "--save-latents",
                                           path(tag + " paused.safetensors")} + flags);
        QVERIFY2(paused.exitCode == 5, qPrintable(paused.output));
        QCOMPARE(pausedPath(paused.output), path(tag + " paused.safetensors"));
        QVERIFY(paused.output.contains("framesmith-cli resume"));

        const Run resumed = cli({"resume", pausedPath(paused.output), "--save-latents", path(tag + " resumed.safetensors"),
                                 "--no-decode", "--quiet"});
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.output));
        QVERIFY(at::equal(latentsOf(path(tag + " resumed.safetensors")), latentsOf(path(tag + " whole.safetensors"))));
    }

    // SIGUSR1 once the first step is reported: the run pauses at the next step boundary (exit 5);
    // resume decodes and exports the clip, whose latents are the uninterrupted run's.
    void sigusr1PausesAndResumeFinishesTheClip()
    {
        QStringList flags = requestFlags(path("demo-cogvideox"), "16");
        flags.removeAll("--quiet");
        flags << "--scheduler" << "dpm";
        const Run whole = cli(QStringList{"generate", "--save-latents", path("sig whole.safetensors")} + flags);
        QVERIFY2(whole.exitCode == 0, qPrintable(whole.output));

        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(cliPath(), QStringList{"generate", "--save-latents", path("sig paused.safetensors")} + flags);
        QVERIFY(p.waitForStarted());
        QString seen;
        while (!seen.contains("denoise [") && p.waitForReadyRead(120000))
            seen += QString::fromUtf8(p.readAll());
        QVERIFY2(seen.contains("denoise ["), qPrintable(seen));
        QCOMPARE(::kill(static_cast<pid_t>(p.processId()), SIGUSR1), 0);
        QVERIFY(p.waitForFinished(120000));
        seen += QString::fromUtf8(p.readAll());
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QVERIFY2(p.exitCode() == 5, qPrintable(seen));
        QCOMPARE(pausedPath(seen), path("sig paused.safetensors"));

        const Run resumed = cli({"resume", path("sig paused.safetensors"), "--save-latents", path("sig resumed.safetensors"),
                                 "--out", path("sig.safetensors"), "--quiet"});
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.output));
        QVERIFY(at::equal(latentsOf(path("sig resumed.safetensors")), latentsOf(path("sig whole.safetensors"))));
        QCOMPARE(SafetensorsReader(path("sig.safetensors").toStdString()).view("frames").size(0), 9);
    }

    void aFinishedCheckpointIsNotResumed()
    {
        const Run whole = cli(QStringList{"generate", "--save-latents", path("done.safetensors")} +
                              requestFlags(path("demo-cogvideox"), "2"));
        QVERIFY2(whole.exitCode == 0, qPrintable(whole.output));
        const Run resumed = cli({"resume", path("done.safetensors"), "--quiet"});
        QCOMPARE(resumed.exitCode, 2);
        QVERIFY2(resumed.output.contains("not a paused run"), qPrintable(resumed.output));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestResumeCommand)

} // namespace tst_ResumeCommand
#include "tst_ResumeCommand.moc"
