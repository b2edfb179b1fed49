// Where the Hub, the cache and the token come from: the variables huggingface_hub reads.
#include "framesmith/ModelDownloads.h"
#include "support/TestRegistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace tst_HubSettings {

using namespace framesmith;

class tst_HubSettings : public QObject {
    Q_OBJECT

private:
    static void clear()
    {
        for (const char* name : {"HF_ENDPOINT", "HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME", "XDG_CACHE_HOME",
                                 "HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_TOKEN_PATH"})
            qunsetenv(name);
    }

private Q_SLOTS:
    void init() { clear(); }
    void cleanup() { clear(); }

    void defaultsToTheHubAndHomeCache()
    {
        QTemporaryDir home;
        qputenv("HOME", home.path().toUtf8());
        const HubSettings settings = HubSettings::fromEnvironment();
        QCOMPARE(settings.endpoint, std::string("https://huggingface.co"));
        QCOMPARE(settings.cacheDir, home.path().toStdString() + "/.cache/huggingface/hub");
        QCOMPARE(settings.token, std::string());
    }

    void honoursEndpointCacheAndTokenVariables()
    {
        QTemporaryDir home;
        qputenv("HF_HOME", home.path().toUtf8());
        qputenv("HF_ENDPOINT", "http://mirror.example:8080/");
        QFile token(home.filePath("token"));
        QVERIFY(token.open(QIODevice::WriteOnly));
        token.write("hf_fromfile\n");
        token.close();
        HubSettings settings = HubSettings::fromEnvironment();
        QCOMPARE(settings.endpoint, std::string("http://mirror.example:8080")); // no trailing slash
        QCOMPARE(settings.cacheDir, home.path().toStdString() + "/hub");
        QCOMPARE(settings.token, std::string("hf_fromfile"));

        qputenv("HF_HUB_CACHE", "/somewhere/else");
        qputenv("HF_TOKEN", "hf_fromenv");
        settings = HubSettings::fromEnvironment();
        QCOMPARE(settings.cacheDir, std::string("/somewhere/else"));
        QCOMPARE(settings.token, std::string("hf_fromenv"));
    }

    void xdgCacheHomeMovesTheDefault()
    {
        qputenv("XDG_CACHE_HOME", "/xdg");
        QCOMPARE(HubSettings::fromEnvironment().cacheDir, std::string("/xdg/huggingface/hub"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_HubSettings)

} // namespace tst_HubSettings
#include "tst_HubSettings.moc"
