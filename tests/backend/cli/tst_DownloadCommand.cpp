// `framesmith-cli download` through the real binary against a local fake Hub (HF_ENDPOINT): into a
// fresh cache that model discovery (what the app lists) then finds, resumed after the process is
// killed mid-file, a 401 explained, the families' catalog listed with sizes. No internet.
#include "framesmith/ModelDownloads.h"
#include "models/ModelDiscovery.h"
#include "io/hub/HubCacheLayout.h"
#include "support/CliRun.h"
#include "support/FakeHubServer.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QFile>
#include <QProcess>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

namespace tst_DownloadCommand {

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

const std::string kRepo = "test-org/tiny-2b";
const std::string kWeights = "transformer/diffusion_pytorch_model.safetensors";

std::uint64_t sizeOf(const std::string& path)
{
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    return ec ? 0 : size;
}

// "*.json" -> "x.json", "vae/*.json" -> "vae/x.json": a file name the pattern matches.
std::string fileMatching(std::string pattern)
{
    for (auto pos = pattern.find('*'); pos != std::string::npos; pos = pattern.find('*'))
        pattern.replace(pos, 1, "x");
    return pattern;
}

} // namespace

class tst_DownloadCommand : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<test::FakeHubServer> m_hub;
    std::unique_ptr<QTemporaryDir> m_home;

    QString cacheDir() const { return m_home->filePath("hub-cache"); }
    // The CLI against the fake Hub, with a home and a Hub cache of its own and none of the user's tokens.
    test::CliOptions hubOptions() const
    {
        test::CliOptions options = test::separateChannels();
        options.unsetEnv = {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_HOME", "HF_TOKEN_PATH", "HUGGINGFACE_HUB_CACHE"};
        options.env = {{"HOME", m_home->path()},
                       {"HF_ENDPOINT", QString::fromStdString(m_hub->endpoint())},
                       {"HF_HUB_CACHE", cacheDir()}};
        options.timeoutMs = 60000;
        return options;
    }
    void start(QProcess& p, const QStringList& args) const
    {
        test::startCli(p, QStringList{"download"} + args, hubOptions());
        QVERIFY(p.waitForStarted());
    }
    int run(const QStringList& args, QString* out, QString* err) const
    {
        const test::CliRun run = test::runCli(QStringList{"download"} + args, hubOptions());
        *out = run.output;
        *err = run.error;
        return run.exitCode;
    }

private Q_SLOTS:
    void init()
    {
        m_hub = std::make_unique<test::FakeHubServer>();
        QVERIFY(m_hub->isListening());
        m_home = std::make_unique<QTemporaryDir>();
        if (!ModelDownloads::isAvailable() && QString(QTest::currentTestFunction()) != "saysWhenBuiltWithoutDownloads")
            QSKIP("built without libcurl");
    }

    void saysWhenBuiltWithoutDownloads()
    {
        if (ModelDownloads::isAvailable())
            QSKIP("built with libcurl");
        QString out, err;
        QCOMPARE(run({"test-org/tiny-2b"}, &out, &err), 2);
        QVERIFY2(err.contains("without download support"), qPrintable(err));
    }

    void downloadsIntoAFreshCacheThatTheAppLists()
    {
        const std::string commit = m_hub->addFolder(kRepo, test::cogvideoxFixture("models/tiny-2b"));
        QString out, err;
        QCOMPARE(run({QString::fromStdString(kRepo), "--quiet"}, &out, &err), 0);
        const std::string snapshot =
            HubCacheLayout(cacheDir().toStdString(), kRepo).snapshotFolder(commit);
        QVERIFY2(out.contains(QString::fromStdString(commit)), qPrintable(out + err));
        QVERIFY2(out.contains(QString::fromStdString(snapshot)), qPrintable(out + err));
        // What the app's model list asks: discovery over the cache the download filled.
        const auto models = ModelDiscovery({{cacheDir().toStdString()}, {}}).discover();
        QCOMPARE(models.size(), std::size_t(1));
        QCOMPARE(models[0].repoId, kRepo);
        QCOMPARE(models[0].info.path, snapshot);
        QVERIFY2(models[0].problem.empty(), models[0].problem.c_str());
    }

    void resumesAfterTheProcessIsKilled()
    {
        const std::string commit = m_hub->addFolder(kRepo, test::cogvideoxFixture("models/tiny-2b"));
        m_hub->stall(kWeights, 3000);
        QFile weights(QString::fromStdString(test::cogvideoxFixture("models/tiny-2b/" + kWeights)));
        QVERIFY(weights.open(QIODevice::ReadOnly));
        const std::string sha = test::FakeHubServer::sha256(weights.readAll()).toStdString();
        const HubCacheLayout layout(cacheDir().toStdString(), kRepo);
        {
            QProcess p;
            start(p, {QString::fromStdString(kRepo), "--quiet"});
            QTRY_COMPARE_WITH_TIMEOUT(sizeOf(layout.incompletePath(sha)), std::uint64_t(3000), 30000);
            p.kill(); // no chance to clean up: the partial file must carry the next run
            QVERIFY(p.waitForFinished(10000));
        }
        m_hub->releaseStall();
        QString out, err;
        QCOMPARE(run({QString::fromStdString(kRepo), "--quiet"}, &out, &err), 0);
        QCOMPARE(m_hub->rangeStarts(kWeights).back(), std::uint64_t(3000));
        QVERIFY(fs::is_regular_file(layout.blobPath(sha)));
        QVERIFY(!fs::exists(layout.incompletePath(sha)));
        QVERIFY(fs::exists(fs::path(layout.snapshotFolder(commit)) / kWeights));
    }

    void explainsAGatedRepo()
    {
        m_hub->addFolder(kRepo, test::cogvideoxFixture("models/tiny-2b"));
        m_hub->requireToken("hf_secret");
        QString out, err;
        QCOMPARE(run({QString::fromStdString(kRepo)}, &out, &err), 2);
        QVERIFY2(err.contains("accept its license") && err.contains("HF_TOKEN"), qPrintable(err));
    }

    void listsAndFetchesTheFamiliesModels()
    {
        // Every repo the families publish, served with a file their patterns want and one they do not.
        const auto catalog = ModelDownloads::catalog();
        QVERIFY(!catalog.empty());
        for (const auto& model : catalog)
            for (const auto& repo : model.repos)
                m_hub->addRepo(repo.repoId, {{fileMatching(repo.includes.front()), QByteArray(300, 'w')},
                                             {"not-wanted.bin", QByteArray(5000, 'b')}});
        QString out, err;
        QCOMPARE(run({"--list"}, &out, &err), 0);
        QVERIFY2(!out.contains("size unknown"), qPrintable(out));
        for (const auto& model : catalog) {
            QVERIFY2(out.contains(QString::fromStdString(model.name)), qPrintable(out));
            for (const auto& repo : model.repos)
                QVERIFY2(out.contains(QString::fromStdString(repo.repoId)), qPrintable(out));
        }
        QVERIFY2(out.contains("300 B"), qPrintable(out)); // the wanted file only, not the .bin
        const DownloadableModel& model = catalog.back();
        QCOMPARE(run({QString::fromStdString(model.name), "--quiet"}, &out, &err), 0);
        for (const auto& repo : model.repos) {
            const fs::path repoFolder = HubCacheLayout(cacheDir().toStdString(), repo.repoId).repoFolder();
            QVERIFY2(fs::exists(repoFolder / "refs" / "main"), repoFolder.c_str());
        }
        for (const auto& line : m_hub->requests())
            QVERIFY2(line.find("not-wanted.bin") == std::string::npos, line.c_str());
    }

    void refusesABadRepoId()
    {
        QString out, err;
        QCOMPARE(run({"not-a-repo"}, &out, &err), 2);
        QVERIFY2(err.contains("ORG/NAME"), qPrintable(err));
        QVERIFY(m_hub->requests().empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_DownloadCommand)

} // namespace tst_DownloadCommand
#include "tst_DownloadCommand.moc"
