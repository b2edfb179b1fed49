// Discovery over a fake Hugging Face / ModelScope cache built in a temp dir: blobs/, snapshot
// symlinks, refs/main, several revisions, non-pipeline repos, and a broken model.
#include "io/DiskUsage.h"
#include "models/ModelDiscovery.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace tst_ModelDiscovery {

using namespace framesmith;
namespace fs = std::filesystem;

namespace {

// Lays `fixture` out the way huggingface_hub does: content in blobs/, the snapshot made of links.
void hubSnapshot(const fs::path& repo, const std::string& revision, const std::string& fixture)
{
    const fs::path source = test::cogvideoxFixture(fixture);
    fs::create_directories(repo / "blobs");
    int blob = 0;
    for (const auto& entry : fs::recursive_directory_iterator(source)) {
        if (!entry.is_regular_file())
            continue;
        const fs::path relative = fs::relative(entry.path(), source);
        const std::string blobName = revision + "-" + std::to_string(blob++);
        fs::copy_file(entry.path(), repo / "blobs" / blobName);
        const fs::path link = repo / "snapshots" / revision / relative;
        fs::create_directories(link.parent_path());
        fs::path up;
        for (std::size_t i = 0; i < std::distance(relative.begin(), relative.end()) + 1; ++i)
            up /= "..";
        fs::create_symlink(up / "blobs" / blobName, link);
    }
}

} // namespace

class tst_ModelDiscovery : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_root = m_dir.path().toStdString();
        const fs::path hf = m_root / "hf";
        const fs::path repo2b = hf / "models--THUDM--CogVideoX-2b";
        hubSnapshot(repo2b, "rev1", "models/tiny-2b");
        hubSnapshot(repo2b, "rev0", "models/tiny-5b"); // an older revision refs/main no longer names
        fs::create_directories(repo2b / "refs");
        std::ofstream(repo2b / "refs" / "main") << "rev1";
        // A second link to an existing blob must not count twice.
        fs::create_symlink(fs::read_symlink(repo2b / "snapshots/rev1/vae/config.json"),
                           repo2b / "snapshots/rev1/vae/config-copy.json");
        const fs::path repo5b = hf / "models--THUDM--CogVideoX-5b"; // no refs/main: newest snapshot
        hubSnapshot(repo5b, "old", "models/tiny-2b");
        hubSnapshot(repo5b, "new", "models/tiny-5b");
        fs::last_write_time(repo5b / "snapshots/old", fs::file_time_type::clock::now() - std::chrono::hours(24));
        fs::create_directories(hf / "models--someone--llm/snapshots/r");
        std::ofstream(hf / "models--someone--llm/snapshots/r/config.json") << "{}";
        fs::create_directories(hf / "datasets--someone--data/snapshots/r");
        const fs::path ms = m_root / "ms";
        fs::create_directories(ms / "THUDM");
        fs::copy(test::cogvideoxFixture("models/tiny-1.5-i2v"), ms / "THUDM/CogVideoX1___5-5B-I2V", fs::copy_options::recursive);
        fs::create_directories(ms / "models/someone/sd");
        std::ofstream(ms / "models/someone/sd/model_index.json") << "{\"_class_name\": \"StableDiffusionPipeline\"}";
    }

    void findsCachedAndUserModelsWithVariantAndSize()
    {
        ModelDiscovery discovery({{(m_root / "hf").string()}, {(m_root / "ms").string()}});
        discovery.addUserFolder(test::cogvideoxFixture("models"));
        discovery.addUserFolder((m_root / "hf/models--THUDM--CogVideoX-2b/snapshots/rev1").string()); // seen already
        const auto models = discovery.discover();
        QStringList found;
        for (const auto& m : models)
            found << QString::fromStdString(m.source + " " + m.repoId + " " + (m.problem.empty() ? m.info.variant : "problem"));
        QCOMPARE(found, (QStringList{"huggingface THUDM/CogVideoX-2b cogvideox-2b",
                                     "huggingface THUDM/CogVideoX-5b cogvideox-5b",
                                     "modelscope THUDM/CogVideoX1.5-5B-I2V cogvideox1.5-5b-i2v",
                                     "modelscope someone/sd problem",
                                     "user tiny-1.5-i2v cogvideox1.5-5b-i2v", "user tiny-2b cogvideox-2b",
                                     "user tiny-5b cogvideox-5b", "user tiny-5b-i2v cogvideox-5b-i2v"}));
        // Size on disk follows the snapshot links into blobs/ and counts the doubled link once.
        QCOMPARE(models[0].info.sizeOnDiskBytes,
                 std::int64_t(DiskUsage::bytes(test::cogvideoxFixture("models/tiny-2b"))));
        QCOMPARE(models[0].info.path, (m_root / "hf/models--THUDM--CogVideoX-2b/snapshots/rev1").string());
        QVERIFY(models[3].problem.find("StableDiffusionPipeline") != std::string::npos);
        QCOMPARE(models[3].info.path, (m_root / "ms/models/someone/sd").string());
    }

    void followsRefsMainElseTheNewestSnapshot()
    {
        const fs::path hf = m_root / "hf";
        QCOMPARE(ModelDiscovery::resolveHubSnapshot((hf / "models--THUDM--CogVideoX-2b").string()),
                 (hf / "models--THUDM--CogVideoX-2b/snapshots/rev1").string());
        QCOMPARE(ModelDiscovery::resolveHubSnapshot((hf / "models--THUDM--CogVideoX-5b").string()),
                 (hf / "models--THUDM--CogVideoX-5b/snapshots/new").string());
        QVERIFY(ModelDiscovery::resolveHubSnapshot((hf / "models--someone--llm").string()).empty());
    }

    void refusesARefEscapingTheSnapshots()
    {
        const fs::path repo = m_root / "escape/models--a--b";
        hubSnapshot(repo, "good", "models/tiny-2b");
        fs::create_directories(repo / "refs");
        std::ofstream(repo / "refs/main") << "../../../hf/models--THUDM--CogVideoX-2b/snapshots/rev1";
        QCOMPARE(ModelDiscovery::resolveHubSnapshot(repo.string()), (repo / "snapshots/good").string());
    }

    void readsCacheLocationsFromTheEnvironment()
    {
        const fs::path home = m_root / "home";
        fs::create_directories(home / ".cache/huggingface/hub");
        fs::create_directories(m_root / "hfhome/hub");
        ::setenv("HOME", home.c_str(), 1);
        ::setenv("HF_HUB_CACHE", (m_root / "hf").c_str(), 1);
        ::setenv("HF_HOME", (m_root / "hfhome").c_str(), 1);
        ::setenv("MODELSCOPE_CACHE", (m_root / "ms").c_str(), 1);
        ::unsetenv("XDG_CACHE_HOME");
        ::unsetenv("HUGGINGFACE_HUB_CACHE");
        const auto roots = ModelDiscovery::defaultRoots();
        QCOMPARE(roots.huggingFace, (std::vector<std::string>{(m_root / "hf").string(), (m_root / "hfhome/hub").string(),
                                                              (home / ".cache/huggingface/hub").string()}));
        QCOMPARE(roots.modelScope, std::vector<std::string>{(m_root / "ms").string()});
        QCOMPARE(ModelDiscovery().discover().size(), std::size_t(4)); // 2 hub + 2 ModelScope entries
    }

private:
    QTemporaryDir m_dir;
    fs::path m_root;
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_ModelDiscovery)

} // namespace tst_ModelDiscovery
#include "tst_ModelDiscovery.moc"
