// Whole downloads from a local fake Hub (tests/support/FakeHubServer, 127.0.0.1): the cache layout
// other tools read, redirects, drops resumed with Range, checksum retries, a 401, a disk too small,
// ENOSPC mid-file, cancel and resume. No test touches the internet.
#include "framesmith/HubError.h"
#include "models/ModelDiscovery.h"
#include "io/hub/HubCacheLayout.h"
#include "io/hub/HubDownload.h"
#include "support/FakeHubServer.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <thread>

namespace tst_HubDownload {

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

const std::string kRepo = "test-org/tiny-2b";
const std::string kWeights = "transformer/diffusion_pytorch_model.safetensors";

std::uint64_t sizeOf(const fs::path& path)
{
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    return ec ? 0 : size;
}

} // namespace

class tst_HubDownload : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<test::FakeHubServer> m_hub;
    std::unique_ptr<QTemporaryDir> m_cache;
    std::string m_commit;

    HubSettings settings() const
    {
        HubSettings s;
        s.endpoint = m_hub->endpoint();
        s.cacheDir = m_cache->path().toStdString();
        return s;
    }
    static HubDownload::Options quick()
    {
        HubDownload::Options options;
        options.file.retryDelayMs = 1;
        return options;
    }
    std::vector<DownloadedRepo> download(const std::string& repo = kRepo, const std::string& revision = "main",
                                         HubDownload::Options options = quick())
    {
        CancelToken cancel;
        return HubDownload(settings(), options).run({HubRepoRequest{repo, revision, {}}}, {}, cancel);
    }
    HubCacheLayout layout() const { return HubCacheLayout(m_cache->path().toStdString(), kRepo); }
    std::string weightsSha() const
    {
        QFile file(QString::fromStdString(test::cogvideoxFixture("models/tiny-2b/" + kWeights)));
        file.open(QIODevice::ReadOnly);
        return test::FakeHubServer::sha256(file.readAll()).toStdString();
    }
    int blobRequests() const
    {
        int count = 0;
        for (const auto& line : m_hub->requests())
            count += line.rfind("GET /cdn/", 0) == 0;
        return count;
    }

private Q_SLOTS:
    void init()
    {
        m_hub = std::make_unique<test::FakeHubServer>();
        QVERIFY(m_hub->isListening());
        m_commit = m_hub->addFolder(kRepo, test::cogvideoxFixture("models/tiny-2b"));
        m_cache = std::make_unique<QTemporaryDir>();
    }

    void fetchesIntoTheHubCacheLayoutThatDiscoveryFinds()
    {
        std::vector<DownloadProgress> reports;
        CancelToken cancel;
        const auto done = HubDownload(settings(), quick())
                              .run({HubRepoRequest{kRepo, "main", {}}},
                                   [&](const DownloadProgress& p) { reports.push_back(p); }, cancel);
        QCOMPARE(done.size(), std::size_t(1));
        QCOMPARE(done[0].commit, m_commit);
        QCOMPARE(done[0].fileCount, 12);
        const fs::path repo = layout().repoFolder();
        QCOMPARE(repo.filename().string(), std::string("models--test-org--tiny-2b"));
        std::ifstream ref(repo / "refs" / "main");
        std::string refCommit;
        ref >> refCommit;
        QCOMPARE(refCommit, m_commit);
        // Snapshot files are relative links into blobs/, named by sha256 (LFS) or git blob id.
        const fs::path weights = fs::path(done[0].snapshotFolder) / kWeights;
        QVERIFY(fs::is_symlink(weights));
        QCOMPARE(fs::read_symlink(weights).string(), "../../../blobs/" + weightsSha());
        QVERIFY(fs::is_regular_file(repo / "blobs" / weightsSha()));
        const fs::path index = fs::path(done[0].snapshotFolder) / "model_index.json";
        QCOMPARE(fs::read_symlink(index).parent_path().string(), std::string("../../blobs"));
        QCOMPARE(fs::read_symlink(index).filename().string().size(), std::size_t(40));
        for (const auto& entry : fs::directory_iterator(repo / "blobs"))
            QVERIFY2(entry.path().extension() != ".incomplete", entry.path().c_str());
        // The LFS file came through the resolve route's redirect to the CDN path.
        const auto requests = m_hub->requests();
        QVERIFY(std::find(requests.begin(), requests.end(),
                          "GET /" + kRepo + "/resolve/" + m_commit + "/" + kWeights) != requests.end());
        QVERIFY(blobRequests() > 0);
        QVERIFY(!reports.empty());
        QCOMPARE(reports.back().bytesDone, reports.back().bytesTotal);
        QCOMPARE(reports.back().fileCount, 12);

        const auto models = ModelDiscovery({{m_cache->path().toStdString()}, {}}).discover();
        QCOMPARE(models.size(), std::size_t(1));
        QCOMPARE(models[0].repoId, kRepo);
        QVERIFY2(models[0].problem.empty(), models[0].problem.c_str());
        QCOMPARE(models[0].info.path, done[0].snapshotFolder);
    }

    void aSecondRunFetchesNothing()
    {
        download();
        const int before = blobRequests();
        const auto again = download();
        QCOMPARE(again[0].bytesFetched, std::uint64_t(0));
        QCOMPARE(blobRequests(), before);
    }

    void resumesADroppedConnectionWithARange()
    {
        m_hub->dropConnection(kWeights, 1000);
        download();
        QCOMPARE(m_hub->rangeStarts(kWeights), (std::vector<std::uint64_t>{0, 1000}));
        QVERIFY(layout().hasBlob(HubFile{kWeights, sizeOf(test::cogvideoxFixture("models/tiny-2b/" + kWeights)), weightsSha()}));
    }

    void givesUpAfterRepeatedDropsKeepingThePartForNextTime()
    {
        m_hub->dropConnection(kWeights, 700, 3);
        HubDownload::Options options = quick();
        options.file.maxResumes = 1; // the first two transfers drop: 700, then 1400 bytes on disk
        try {
            download(kRepo, "main", options);
            QFAIL("no error");
        } catch (const HubError& e) {
            QCOMPARE(e.problem(), HubProblem::Network);
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(kRepo + "/" + kWeights)), e.what());
            QVERIFY2(QString(e.what()).contains("continues"), e.what());
        }
        QCOMPARE(sizeOf(layout().incompletePath(weightsSha())), std::uint64_t(1400));
        download(); // one drop left on the server: resumed at once
        QCOMPARE(m_hub->rangeStarts(kWeights), (std::vector<std::uint64_t>{0, 700, 1400, 2100}));
        QVERIFY(!fs::exists(layout().incompletePath(weightsSha())));
    }

    void retriesOnceWhenTheChecksumIsWrong()
    {
        m_hub->corrupt(kWeights, 1);
        download();
        QCOMPARE(m_hub->rangeStarts(kWeights), (std::vector<std::uint64_t>{0, 0}));
        QVERIFY(fs::exists(layout().blobPath(weightsSha())));
    }

    void removesAFileWrongTwice()
    {
        m_hub->corrupt(kWeights, 2);
        try {
            download();
            QFAIL("no error");
        } catch (const HubError& e) {
            QCOMPARE(e.problem(), HubProblem::ChecksumMismatch);
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(kRepo + "/" + kWeights)), e.what());
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(weightsSha())), e.what());
        }
        QVERIFY(!fs::exists(layout().blobPath(weightsSha())));
        QVERIFY(!fs::exists(layout().incompletePath(weightsSha())));
    }

    void asksForATokenOnAGatedRepo()
    {
        m_hub->requireToken("hf_secret");
        try {
            download();
            QFAIL("no error");
        } catch (const HubError& e) {
            QCOMPARE(e.problem(), HubProblem::Unauthorized);
            QVERIFY2(QString(e.what()).contains("accept its license"), e.what());
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(m_hub->endpoint() + "/" + kRepo)), e.what());
            QVERIFY2(QString(e.what()).contains("HF_TOKEN"), e.what());
        }
        HubSettings withToken = settings();
        withToken.token = "hf_secret";
        CancelToken cancel;
        QCOMPARE(HubDownload(withToken, quick()).run({HubRepoRequest{kRepo, "main", {}}}, {}, cancel)[0].commit, m_commit);
    }

    void namesAMissingRepoOrRevision()
    {
        try {
            download("test-org/nothing-here");
            QFAIL("no error");
        } catch (const HubError& e) {
            QCOMPARE(e.problem(), HubProblem::NotFound);
            QVERIFY2(QString(e.what()).startsWith("test-org/nothing-here: "), e.what());
        }
        try {
            download(kRepo, "v9");
            QFAIL("no error");
        } catch (const HubError& e) {
            QCOMPARE(e.problem(), HubProblem::NotFound);
            QVERIFY2(QString(e.what()).contains("'v9'"), e.what());
        }
        QCOMPARE(download(kRepo, m_commit)[0].commit, m_commit); // a commit is a revision too
    }

    void checksTheDiskBeforeFetching()
    {
        HubDownload::Options options = quick();
        options.freeBytes = [](const std::string&) { return std::uint64_t(100'000); }; // a tiny disk
        try {
            download(kRepo, "main", options);
            QFAIL("no error");
        } catch (const HubError& e) {
            QCOMPARE(e.problem(), HubProblem::DiskFull);
            QVERIFY2(QString(e.what()).contains("free"), e.what());
        }
        QCOMPARE(blobRequests(), 0);
    }

    void reportsAFullDiskMidFile()
    {
        // A disk that fills up: the partial file is /dev/full, where every write fails with ENOSPC.
        if (!fs::exists("/dev/full"))
            QSKIP("no /dev/full");
        fs::create_directories(fs::path(layout().repoFolder()) / "blobs");
        fs::create_symlink("/dev/full", layout().incompletePath(weightsSha()));
        try {
            download();
            QFAIL("no error");
        } catch (const HubError& e) {
            QCOMPARE(e.problem(), HubProblem::DiskFull);
            QVERIFY2(QString(e.what()).contains(QString::fromStdString(kWeights)), e.what());
            QVERIFY2(QString(e.what()).contains("the part is kept"), e.what());
        }
    }

    void cancelKeepsThePartAndTheNextRunResumes()
    {
        m_hub->stall(kWeights, 2000);
        CancelToken cancel;
        std::string error;
        std::thread worker([&] {
            try {
                HubDownload(settings(), quick()).run({HubRepoRequest{kRepo, "main", {}}}, {}, cancel);
            } catch (const CancelledError& e) {
                error = e.what();
            }
        });
        const std::string partial = layout().incompletePath(weightsSha());
        QTRY_COMPARE_WITH_TIMEOUT(sizeOf(partial), std::uint64_t(2000), 20000);
        cancel.request(CancelMode::StopNow);
        worker.join();
        QVERIFY2(QString::fromStdString(error).contains("kept"), error.c_str());
        QCOMPARE(sizeOf(partial), std::uint64_t(2000));
        m_hub->releaseStall();
        download();
        QCOMPARE(m_hub->rangeStarts(kWeights).back(), std::uint64_t(2000));
        QVERIFY(fs::exists(layout().blobPath(weightsSha())));
    }

    void includesPickFiles()
    {
        CancelToken cancel;
        const auto done = HubDownload(settings(), quick()).run({HubRepoRequest{kRepo, "main", {"*.json"}}}, {}, cancel);
        QCOMPARE(done[0].fileCount, 8);
        QVERIFY(fs::is_symlink(fs::path(done[0].snapshotFolder) / "vae/config.json"));
        QVERIFY(!fs::exists(fs::path(done[0].snapshotFolder) / kWeights));
        QVERIFY(m_hub->rangeStarts(kWeights).empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_HubDownload)

} // namespace tst_HubDownload
#include "tst_HubDownload.moc"
