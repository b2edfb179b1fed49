// Issue 34, point 11: what used to fail late or unclearly is refused by framesmith-cli before any
// model loads (no "[loading]" stage), exit status 2, naming what is wrong and where: a weight of
// the right shape but an integer dtype, a FIFO as start image, an output folder that takes no
// file (/proc, where access() says yes to root), a vae folder that is the transformer, a misspelt
// job-file key, a JSON syntax error, a
// prompt over the cap. Each runs the CLI as a process under `timeout` (a hang is a failure).
#include "support/CliRun.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <sys/stat.h>

namespace tst_EarlyRefusals {

using framesmith::test::CliRun;

namespace {

CliRun generate(const QStringList& args)
{
    framesmith::test::CliOptions options;
    options.launcher = {"timeout", "120"};
    options.timeoutMs = 180000;
    return framesmith::test::runCli(QStringList{"generate", "--device", "cpu", "--steps", "1"} + args, options);
}

QString tiny() { return QString::fromStdString(framesmith::test::cogvideoxFixture("models/tiny-2b")); }

bool copyFolder(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    for (const QFileInfo& entry : QDir(from).entryInfoList(QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString target = to + "/" + entry.fileName();
        if (entry.isDir() ? !copyFolder(entry.filePath(), target) : !QFile::copy(entry.filePath(), target))
            return false;
    }
    return true;
}

// Rewrites one tensor's dtype in the safetensors header ("F32" -> "I32": same size, same offsets).
bool retypeFirstMatrix(const QString& file, QString* tensor)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadWrite))
        return false;
    QByteArray bytes = f.readAll();
    quint64 length = 0;
    std::memcpy(&length, bytes.constData(), 8);
    QByteArray header = bytes.mid(8, static_cast<int>(length));
    const int at = header.indexOf("\"norm_out.linear.weight\"");
    const int dtype = header.indexOf("\"F32\"", at);
    if (at < 0 || dtype < 0)
        return false;
    header.replace(dtype, 5, "\"I32\"");
    bytes.replace(8, static_cast<int>(length), header);
    *tensor = QStringLiteral("norm_out.linear.weight");
    return f.seek(0) && f.write(bytes) == bytes.size();
}

} // namespace

class TestEarlyRefusals : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    void expectEarlyRefusal(const CliRun& run, const QStringList& words)
    {
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(!run.output.contains("[loading]") && !run.output.contains("[text-encode]"), qPrintable(run.output));
        for (const QString& word : words)
            QVERIFY2(run.output.contains(word), qPrintable(word + " missing in: " + run.output));
    }

private Q_SLOTS:
    void integerWeightIsRefusedNamingTensorAndFile()
    {
        const QString model = m_dir.filePath("i32-model");
        QVERIFY(copyFolder(tiny(), model));
        QString tensor;
        QVERIFY(retypeFirstMatrix(model + "/transformer/diffusion_pytorch_model.safetensors", &tensor));
        expectEarlyRefusal(generate({"--model", model, "--prompt", "cat", "--out", m_dir.filePath("a.mp4")}),
                           {tensor, "is I32", model + "/transformer/diffusion_pytorch_model.safetensors"});
    }

    void componentOfTheWrongKindIsRefusedBeforeLoading()
    {
        const QString model = m_dir.filePath("vae-is-transformer");
        QVERIFY(copyFolder(tiny(), model));
        QVERIFY(QDir(model + "/vae").removeRecursively());
        QVERIFY(QFile::link(model + "/transformer", model + "/vae"));
        expectEarlyRefusal(generate({"--model", model, "--prompt", "cat", "--out", m_dir.filePath("v.mp4")}),
                           {model + "/vae/config.json", "CogVideoXTransformer3DModel", "not the VAE"});
    }

    void fifoStartImageIsRefusedBeforeLoading()
    {
        const QString fifo = m_dir.filePath("start.png");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        const QString i2v = QString::fromStdString(framesmith::test::cogvideoxFixture("models/tiny-5b-i2v"));
        expectEarlyRefusal(generate({"--model", i2v, "--prompt", "cat", "--image", fifo, "--out", m_dir.filePath("b.mp4")}),
                           {fifo, "not a regular file"});
    }

    void outputThatTakesNoFileIsRefusedBeforeLoading()
    {
        expectEarlyRefusal(generate({"--model", tiny(), "--prompt", "cat", "--out", "/proc/framesmith-test.mp4"}),
                           {"--out", "/proc"});
    }

    void jobFileMistakesSayWhatAndWhere()
    {
        const QString misspelt = m_dir.filePath("misspelt.json");
        QFile file(misspelt);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(QString("{\"model\": \"%1\", \"prompt\": \"cat\", \"negative_promt\": \"blur\"}").arg(tiny()).toUtf8());
        file.close();
        expectEarlyRefusal(generate({"--job", misspelt}), {"negative_promt", "did you mean \"negativePrompt\"?"});
        const QString octal = m_dir.filePath("octal.json");
        QFile second(octal);
        QVERIFY(second.open(QIODevice::WriteOnly));
        second.write(QString("{\"model\": \"%1\",\n \"seed\": 08}").arg(tiny()).toUtf8());
        second.close();
        expectEarlyRefusal(generate({"--job", octal}), {"not valid JSON", "line 2"});
    }

    void promptOverTheCapIsRefusedBeforeLoading()
    {
        expectEarlyRefusal(generate({"--model", tiny(), "--prompt", QString(12000, 'a'), "--out", m_dir.filePath("c.mp4")}),
                           {"prompt", "12000 characters long; at most 10000"});
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestEarlyRefusals)

} // namespace tst_EarlyRefusals
#include "tst_EarlyRefusals.moc"
