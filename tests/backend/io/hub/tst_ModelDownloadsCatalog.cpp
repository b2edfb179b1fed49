// The contract every family's Hub declaration passes (ModelDownloads::catalog(), one function per
// family through its registry line): each registered family publishes at least one model, every repo
// id is one the Hub accepts, every model names its family, and no repo is claimed twice; a model
// made of several repos, fetched with its own patterns from a fake Hub serving the families'
// fixture folders, is one usable model for discovery.
#include "framesmith/ModelDownloads.h"
#include "models/ModelDiscovery.h"
#include "io/hub/HubRepoListing.h"
#include "models/ModelRegistry.h"
#include "support/FakeHubServer.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <set>

namespace tst_ModelDownloadsCatalog {

using namespace framesmith;

class tst_ModelDownloadsCatalog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyFamilyPublishesModels()
    {
        const auto catalog = ModelDownloads::catalog();
        for (const auto& family : ModelRegistry::families()) {
            int count = 0;
            for (const auto& model : catalog)
                count += model.family == family->info().name;
            QVERIFY2(count > 0, family->info().name.c_str());
        }
        for (const auto& model : catalog)
            QVERIFY2(ModelRegistry::find(model.family), model.family.c_str());
    }

    void everyRepoIsAValidHubRepoClaimedOnce()
    {
        std::set<std::string> seen;
        for (const auto& model : ModelDownloads::catalog()) {
            QVERIFY(!model.name.empty() && !model.description.empty());
            QVERIFY(model.parameterBillions > 0);
            QVERIFY2(!model.repos.empty(), model.name.c_str());
            for (const auto& repo : model.repos) {
                HubRepoListing::validateRepoId(repo.repoId);
                QVERIFY2(seen.insert(repo.repoId).second, repo.repoId.c_str());
                QCOMPARE(repo.revision, std::string("main"));
                // Only what the family reads: a repo's .bin copies and sample media stay on the Hub.
                QVERIFY2(!repo.includes.empty(), repo.repoId.c_str());
                QVERIFY(!HubRepoListing::isIncluded("pytorch_model.bin", repo.includes));
            }
        }
    }

    void aModelOfSeveralReposIsOneModelAfterDownload()
    {
        if (!ModelDownloads::isAvailable())
            QSKIP("built without libcurl");
        int checked = 0;
        for (const auto& model : ModelDownloads::catalog()) {
            // Served from tests/fixtures/<family>/models/<org>/<name> where the family keeps its repos so.
            test::FakeHubServer hub;
            bool isServed = model.repos.size() > 1;
            for (const auto& repo : model.repos) {
                const auto folder = std::filesystem::path(test::fixturesDir()) / model.family / "models" / repo.repoId;
                isServed = isServed && std::filesystem::is_directory(folder);
                if (isServed)
                    hub.addFolder(repo.repoId, folder.string());
            }
            if (!isServed)
                continue;
            QTemporaryDir cache;
            HubSettings settings;
            settings.endpoint = hub.endpoint();
            settings.cacheDir = cache.path().toStdString();
            CancelToken cancel;
            const auto done = ModelDownloads::download(model.repos, settings, {}, cancel);
            QCOMPARE(done.size(), model.repos.size());
            const auto found = ModelDiscovery({{settings.cacheDir}, {}}).discover();
            QCOMPARE(found.size(), std::size_t(1));
            QCOMPARE(found[0].repoId, model.repos.front().repoId);
            QVERIFY2(found[0].problem.empty(), found[0].problem.c_str());
            QCOMPARE(found[0].info.family, model.family);
            ++checked;
        }
        QVERIFY2(checked > 0, "no model of several repos has fixture folders to serve");
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_ModelDownloadsCatalog)

} // namespace tst_ModelDownloadsCatalog
#include "tst_ModelDownloadsCatalog.moc"
