// The Hub API's file list: what is kept from it, what is refused, and the URLs built from it.
#include "framesmith/HubError.h"
#include "io/hub/HubRepoListing.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_HubRepoListing {

using namespace framesmith;

namespace {

const std::string kCommit = "0123456789abcdef0123456789abcdef01234567";
const std::string kSha256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

std::string reply(const std::string& siblings)
{
    return "{\"id\":\"org/name\",\"sha\":\"" + kCommit + "\",\"siblings\":[" + siblings + "]}";
}

} // namespace

class tst_HubRepoListing : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsCommitSizesAndChecksums()
    {
        const auto listing = HubRepoListing::parse(
            reply("{\"rfilename\":\"model_index.json\",\"size\":12,\"blobId\":\"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\"},"
                  "{\"rfilename\":\"vae/w.safetensors\",\"size\":99,\"blobId\":\"bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\","
                  "\"lfs\":{\"sha256\":\"" + kSha256 + "\",\"size\":5000,\"pointerSize\":134}}"),
            "org/name", "main");
        QCOMPARE(listing.commit, kCommit);
        QCOMPARE(listing.files.size(), std::size_t(2));
        QCOMPARE(listing.files[0].checksum, std::string(40, 'a')); // a regular file: its git blob id
        QCOMPARE(listing.files[1].checksum, kSha256);               // an LFS file: the sha256, not the pointer's id
        QCOMPARE(listing.files[1].size, std::uint64_t(99));         // "size" is the file's; the Hub sends both
        QCOMPARE(listing.totalBytes(), std::uint64_t(111));
    }

    void refusesPathsThatLeaveTheSnapshot_data()
    {
        QTest::addColumn<QString>("path");
        for (const char* path : {"../escape", "/etc/passwd", "a//b", "a/./b", "vae/..", ""})
            QTest::newRow(path[0] ? path : "empty") << QString(path);
    }

    void refusesPathsThatLeaveTheSnapshot()
    {
        QFETCH(QString, path);
        const std::string json = reply("{\"rfilename\":\"" + path.toStdString() + "\",\"size\":1,\"blobId\":\"" +
                                       std::string(40, 'a') + "\"}");
        try {
            HubRepoListing::parse(json, "org/name", "main");
            QFAIL("accepted");
        } catch (const HubError& e) {
            QCOMPARE(e.problem(), HubProblem::Server);
            QVERIFY2(QString(e.what()).contains("org/name"), e.what());
        }
    }

    void refusesRepliesWithoutChecksums()
    {
        QVERIFY_THROWS_EXCEPTION(HubError, HubRepoListing::parse(reply("{\"rfilename\":\"a.json\"}"), "org/name", "main"));
        QVERIFY_THROWS_EXCEPTION(HubError, HubRepoListing::parse("{\"siblings\":[]}", "org/name", "main"));
        QVERIFY_THROWS_EXCEPTION(Error, HubRepoListing::parse("not json", "org/name", "main"));
    }

    void validatesRepoIds()
    {
        HubRepoListing::validateRepoId("org/name");
        HubRepoListing::validateRepoId("Org-1/name_2.5");
        for (const char* bad : {"name", "org/", "/name", "a/b/c", "../name", "org/..", "org--x/name", "org/na me", "-org/n"})
            QVERIFY_THROWS_EXCEPTION(InvalidRequestError, HubRepoListing::validateRepoId(bad));
    }

    void includesMatchLikeHuggingfaceCli()
    {
        QVERIFY(HubRepoListing::isIncluded("anything/at/all.bin", {}));
        QVERIFY(HubRepoListing::isIncluded("vae/config.json", {"*.json"})); // '*' crosses '/'
        QVERIFY(HubRepoListing::isIncluded("tokenizer/spiece.model", {"*.json", "tokenizer/*"}));
        QVERIFY(!HubRepoListing::isIncluded("text_encoder/pytorch_model.bin", {"*.json", "*.safetensors"}));
        QVERIFY(!HubRepoListing::isIncluded("unet/config.json", {"vae/*"}));
    }

    void buildsUrlsAsTheHubExpects()
    {
        HubSettings settings;
        settings.endpoint = "https://hf-mirror.example";
        QCOMPARE(HubRepoListing::apiUrl(settings, "org/name", "refs/pr/1"),
                 std::string("https://hf-mirror.example/api/models/org/name/revision/refs%2Fpr%2F1?blobs=true"));
        QCOMPARE(HubRepoListing::resolveUrl(settings, "org/name", kCommit, "vae/my file+1.json"),
                 "https://hf-mirror.example/org/name/resolve/" + kCommit + "/vae/my%20file%2B1.json");
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_HubRepoListing)

} // namespace tst_HubRepoListing
#include "tst_HubRepoListing.moc"
