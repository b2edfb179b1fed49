// `framesmith-cli inspect` run as a real process: good input prints the variant and tensors; every
// broken fixture ends in exit status 2 with one error line naming the file. A crash (signal) or
// any other status fails.
#include "support/CliRun.h"
#include "support/FixturePath.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

namespace tst_InspectCommand {

using framesmith::test::fixturePath;

class tst_InspectCommand : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void printsVariantComponentsAndTensors_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("expected");
        const QString models = fixturePath("cogvideox/models/");
        QTest::newRow("t2v folder") << models + "tiny-5b"
                                    << QStringList{"variant cogvideox-5b (CogVideoX-5B)", "component transformer (CogVideoXTransformer3DModel): denoiser, ",
                                                   "component vae (AutoencoderKLCogVideoX): vae, ",
                                                   "patch_embed.proj.weight  F32  [64, 8, 2, 2]", "total tensor bytes "};
        QTest::newRow("i2v folder") << models + "tiny-1.5-i2v" << QStringList{"variant cogvideox1.5-5b-i2v"};
        QTest::newRow("index") << models + "tiny-5b/text_encoder/model.safetensors.index.json"
                               << QStringList{"model-00002-of-00002.safetensors", "shared.weight  F32  [640, 32]"};
        QTest::newRow("single file") << fixturePath("broken/good.safetensors")
                                     << QStringList{"  a  F32  [2, 3]", "  b  I64  [2]", "2 tensors, 40 bytes"};
    }
    void printsVariantComponentsAndTensors()
    {
        QFETCH(QString, path);
        QFETCH(QStringList, expected);
        const auto [status, out, err] = run({"inspect", path});
        QCOMPARE(status, 0);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        for (const QString& line : expected)
            QVERIFY2(out.contains(line), qPrintable(line + " not in:\n" + out.left(2000)));
    }

    void everyBrokenInputExitsWithStatusTwo()
    {
        const QDir broken(fixturePath("broken"));
        QStringList paths;
        for (const QString& name : broken.entryList(QDir::AllEntries | QDir::NoDotAndDotDot))
            if (name != "good.safetensors" && name != "make_broken.py")
                paths << broken.filePath(name);
        paths << fixturePath("cogvideox/full-size-configs/cogvideox-5b") << fixturePath("does-not-exist.safetensors");
        QVERIFY(paths.size() > 25);
        for (const QString& path : paths) {
            const auto [status, out, err] = run({"inspect", "--summary", path});
            QVERIFY2(status == 2, qPrintable(path + ": status " + QString::number(status) + " " + err));
            const QStringList lines = err.trimmed().split('\n');
            QCOMPARE(lines.size(), 1);
            QVERIFY2(lines[0].startsWith("framesmith-cli inspect: error: "), qPrintable(lines[0]));
            const QString name = QFileInfo(path).fileName();
            QVERIFY2(lines[0].contains(name) || lines[0].contains(QFileInfo(path).dir().dirName()), qPrintable(lines[0]));
        }
    }

    // issue 16: a FIFO named like a config hung `plan` and `generate` forever. Every config is read
    // through JsonGuard (regular files only): each command ends at once with status 2, naming it.
    void aFifoInPlaceOfAConfigEndsAtOnce_data()
    {
        QTest::addColumn<QString>("file");
        QTest::newRow("model_index") << "model_index.json";
        QTest::newRow("transformer") << "transformer/config.json";
        QTest::newRow("vae") << "vae/config.json";
        QTest::newRow("text encoder") << "text_encoder/config.json";
        QTest::newRow("tokenizer") << "tokenizer/tokenizer_config.json";
        QTest::newRow("scheduler") << "scheduler/scheduler_config.json";
    }
    void aFifoInPlaceOfAConfigEndsAtOnce()
    {
        QFETCH(QString, file);
        QTemporaryDir dir;
        const QString model = dir.filePath("model");
        const QDir source(fixturePath("cogvideox/models/tiny-2b"));
        for (const QString& sub : source.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
            QVERIFY(QDir().mkpath(model + "/" + sub));
            for (const QString& name : QDir(source.filePath(sub)).entryList(QDir::Files))
                QVERIFY(QFile::link(source.filePath(sub + "/" + name), model + "/" + sub + "/" + name));
        }
        QVERIFY(QFile::copy(source.filePath("model_index.json"), model + "/model_index.json"));
        QVERIFY(QFile::remove(model + "/" + file));
        QCOMPARE(::mkfifo(QFile::encodeName(model + "/" + file).constData(), 0600), 0);
        const QStringList commands[] = {
            {"inspect", "--summary", model},
            {"plan", "--model", model, "--frames", "9", "--width", "96", "--height", "64"},
            {"generate", "--model", model, "--prompt", "x", "--frames", "9", "--width", "96", "--height", "64",
             "--steps", "1", "--out", dir.filePath("clip.mp4"), "--save-latents", dir.filePath("l.safetensors")}};
        for (const QStringList& args : commands) {
            const auto [status, out, err] = run(args);
            // The tokenizer is read only by generate, the scheduler only when denoising starts.
            const bool isRead = args.front() == "generate" || !(file.startsWith("tokenizer") || file.startsWith("scheduler"));
            if (!isRead)
                continue;
            QVERIFY2(status == 2, qPrintable(args.front() + ": status " + QString::number(status) + " " + err));
            QVERIFY2(err.contains(file), qPrintable(args.front() + ": " + err));
            // inspect reads no text-encoder config: it lists the FIFO as a missing regular file.
            if (!(args.front() == "inspect" && file.startsWith("text_encoder")))
                QVERIFY2(err.contains("regular file"), qPrintable(args.front() + ": " + err));
        }
    }

    void usageErrorsExitWithStatusTwo()
    {
        QCOMPARE(std::get<0>(run({"inspect"})), 2);
        QCOMPARE(std::get<0>(run({"inspect", "a", "b"})), 2);
        QCOMPARE(std::get<0>(run({"inspect", "--bogus", "x"})), 2);
    }

private:
    static std::tuple<int, QString, QString> run(const QStringList& args)
    {
        framesmith::test::CliOptions options = framesmith::test::separateChannels();
        options.timeoutMs = 60000;
        const framesmith::test::CliRun run = framesmith::test::runCli(args, options);
        if (run.exitCode < 0)
            return {-1, QString(), run.hasFinished ? "crashed: " + run.error : QString("hung")};
        return {run.exitCode, run.output, run.error};
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_InspectCommand)

} // namespace tst_InspectCommand
#include "tst_InspectCommand.moc"
