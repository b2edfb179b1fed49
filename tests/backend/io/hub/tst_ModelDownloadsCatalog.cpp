// The contract every family's Hub declaration passes (ModelDownloads::catalog(), one function per
// family through its registry line): each registered family publishes at least one model, every repo
// id is one the Hub accepts, every model names its family, and no repo is claimed twice.
#include "framesmith/ModelDownloads.h"
#include "io/hub/HubRepoListing.h"
#include "models/ModelRegistry.h"

#include <QTest>

#include <set>

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
};

QTEST_GUILESS_MAIN(tst_ModelDownloadsCatalog)
#include "tst_ModelDownloadsCatalog.moc"
