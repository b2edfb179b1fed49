// The folders of one Open-Sora model: opened by the folder holding the repos or by the STDiT3 repo,
// in the --local-dir layout and in a Hugging Face Hub cache; the first missing repo is named.
#include "framesmith/Error.h"
#include "models/opensora/OpenSoraModelLayout.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>

namespace tst_OpenSoraModelLayout {

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

std::string models() { return fs::canonical(test::fixturesDir() + "/opensora/models").string(); }

// A Hub cache entry models--<owner>--<name> whose refs/main snapshot holds `files` (relative to the
// repo in the fixtures' models/) copied from the fixture repo.
fs::path cacheRepo(const fs::path& cache, const std::string& repoId, const std::vector<std::string>& files)
{
    std::string name = "models--" + repoId;
    name.replace(name.find('/'), 1, "--");
    const fs::path snapshot = cache / name / "snapshots" / "0123abcd";
    for (const std::string& file : files) {
        fs::create_directories((snapshot / file).parent_path());
        fs::copy_file(fs::path(models()) / repoId / file, snapshot / file);
    }
    fs::create_directories(cache / name / "refs");
    std::ofstream(cache / name / "refs" / "main") << "0123abcd";
    return snapshot;
}

bool same(const std::string& a, const fs::path& b) { return fs::equivalent(a, b); }

} // namespace

class TestOpenSoraModelLayout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void theRootGivesEveryPart()
    {
        const OpenSoraModelLayout layout = OpenSoraModelLayout::locate(models());
        QCOMPARE(layout.root, models());
        QVERIFY(same(layout.transformer, fs::path(models()) / "hpcai-tech/OpenSora-STDiT-v3"));
        QVERIFY(same(layout.vae, fs::path(models()) / "hpcai-tech/OpenSora-VAE-v1.2"));
        QVERIFY(same(layout.spatialVae, fs::path(models()) / "PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers/vae"));
        QVERIFY(same(layout.textEncoder, fs::path(models()) / "DeepFloyd/t5-v1_1-xxl"));
    }

    void theTransformerRepoLeadsToTheSameModel()
    {
        const std::string repo = models() + "/hpcai-tech/OpenSora-STDiT-v3";
        QVERIFY(OpenSoraModelLayout::isTransformerRepo(repo));
        QVERIFY(!OpenSoraModelLayout::isTransformerRepo(models() + "/hpcai-tech/OpenSora-VAE-v1.2"));
        QVERIFY(!OpenSoraModelLayout::isTransformerRepo(models()));
        const OpenSoraModelLayout layout = OpenSoraModelLayout::locate(repo);
        QVERIFY(same(layout.root, models()));
        QVERIFY(same(layout.textEncoder, fs::path(models()) / "DeepFloyd/t5-v1_1-xxl"));
    }

    void hubCacheSnapshotsAreFound()
    {
        QTemporaryDir dir;
        const fs::path cache(dir.path().toStdString());
        const fs::path stdit = cacheRepo(cache, "hpcai-tech/OpenSora-STDiT-v3", {"config.json"});
        const fs::path vae = cacheRepo(cache, "hpcai-tech/OpenSora-VAE-v1.2", {"config.json"});
        const fs::path sdxl = cacheRepo(cache, "PixArt-alpha/pixart_sigma_sdxlvae_T5_diffusers", {"vae/config.json"});
        QVERIFY_THROWS_EXCEPTION(FileError, OpenSoraModelLayout::locate(stdit.string())); // no T5 yet
        const fs::path t5 = cacheRepo(cache, "DeepFloyd/t5-v1_1-xxl", {"config.json", "spiece.model"});
        for (const fs::path& opened : {cache, stdit}) {
            const OpenSoraModelLayout layout = OpenSoraModelLayout::locate(opened.string());
            QVERIFY(same(layout.root, cache));
            QVERIFY(same(layout.transformer, stdit));
            QVERIFY(same(layout.vae, vae));
            QVERIFY(same(layout.spatialVae, sdxl / "vae"));
            QVERIFY(same(layout.textEncoder, t5));
        }
    }

    void theFirstMissingRepoIsNamed()
    {
        QTemporaryDir dir;
        const fs::path root(dir.path().toStdString());
        fs::create_directories(root / "hpcai-tech/OpenSora-STDiT-v3");
        fs::copy_file(fs::path(models()) / "hpcai-tech/OpenSora-STDiT-v3/config.json",
                      root / "hpcai-tech/OpenSora-STDiT-v3/config.json");
        try {
            OpenSoraModelLayout::locate((root / "hpcai-tech/OpenSora-STDiT-v3").string());
            QFAIL("a layout without the VAE was accepted");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("OpenSora-VAE-v1.2"), e.what());
        }
        try {
            OpenSoraModelLayout::locate(test::fixturesDir() + "/opensora/golden");
            QFAIL("a folder without the repos was accepted");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("OpenSora-STDiT-v3"), e.what());
        }
        QVERIFY(!OpenSoraModelLayout::rootFor(test::fixturesDir() + "/opensora/golden"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraModelLayout)

} // namespace tst_OpenSoraModelLayout
#include "tst_OpenSoraModelLayout.moc"
