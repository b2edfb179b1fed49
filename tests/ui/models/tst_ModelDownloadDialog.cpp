// File > Download models… against a local fake Hub (HF_ENDPOINT, 127.0.0.1), offscreen: the
// families' models listed with the sizes the Hub reports, a download with progress into the Hub
// cache that model discovery then lists, a gated model asking for a token and then taking it, a
// cancel that keeps the part and leaves the window responsive, and the dialog in Chinese.
#include "framesmith/ModelDownloads.h"
#include "models/ModelDiscovery.h"
#include "support/FakeHubServer.h"
#include "support/TestPaths.h"
#include "ui/models/ModelDownloadDialog.h"
#include "ui/models/ModelDownloadMenu.h"
#include "ui/settings/AppTranslator.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

namespace tst_ModelDownloadDialog {

using namespace framesmith;

namespace {
constexpr int kTimeoutMs = 30000;
const std::string kWeights = "transformer/diffusion_pytorch_model.safetensors";

// "*.json" -> "x.json": a file name the pattern matches.
std::string fileMatching(std::string pattern)
{
    for (auto pos = pattern.find('*'); pos != std::string::npos; pos = pattern.find('*'))
        pattern.replace(pos, 1, "x");
    return pattern;
}
} // namespace

class tst_ModelDownloadDialog : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<test::FakeHubServer> m_hub;
    std::unique_ptr<QTemporaryDir> m_home;
    std::vector<DownloadableModel> m_catalog;

    QString cacheDir() const { return m_home->filePath("hub"); }
    template <typename T> static T* child(QWidget& dialog, const char* name)
    {
        T* found = dialog.findChild<T*>(QString::fromLatin1(name));
        if (!found)
            qFatal("no child %s", name);
        return found;
    }

private Q_SLOTS:
    void init()
    {
        if (!ModelDownloads::isAvailable())
            QSKIP("built without libcurl");
        m_hub = std::make_unique<test::FakeHubServer>();
        QVERIFY(m_hub->isListening());
        m_home = std::make_unique<QTemporaryDir>();
        qputenv("HOME", m_home->path().toUtf8());
        qputenv("HF_ENDPOINT", QByteArray::fromStdString(m_hub->endpoint()));
        qputenv("HF_HUB_CACHE", cacheDir().toUtf8());
        for (const char* name : {"HF_TOKEN", "HUGGING_FACE_HUB_TOKEN", "HF_HOME", "HF_TOKEN_PATH"})
            qunsetenv(name);
        m_catalog = ModelDownloads::catalog();
        QVERIFY(!m_catalog.empty());
        // The first model is served as the tiny fixture model; the others with a small file each.
        m_hub->addFolder(m_catalog.front().repos.front().repoId, test::cogvideoxFixture("models/tiny-2b"));
        for (const auto& model : m_catalog)
            for (const auto& repo : model.repos)
                if (&model != &m_catalog.front())
                    m_hub->addRepo(repo.repoId, {{fileMatching(repo.includes.front()), QByteArray(2000, 'w')}});
    }

    void listsTheFamiliesModelsWithHubSizes()
    {
        ModelDownloadDialog dialog;
        dialog.show();
        auto* table = child<QTableWidget>(dialog, "downloadModels");
        QCOMPARE(table->rowCount(), int(m_catalog.size()));
        for (int row = 0; row < table->rowCount(); ++row)
            QCOMPARE(table->item(row, 0)->text(), QString::fromStdString(m_catalog[std::size_t(row)].name));
        const QString small = QLocale().formattedDataSize(2000 * qint64(m_catalog.back().repos.size()));
        QTRY_COMPARE_WITH_TIMEOUT(table->item(table->rowCount() - 1, 3)->text(), small, kTimeoutMs);
    }

    void downloadsIntoTheCacheThatDiscoveryLists()
    {
        QMenu fileMenu;
        ModelDownloadMenu menu(&fileMenu, nullptr, nullptr);
        menu.action()->trigger();
        ModelDownloadDialog* dialog = menu.dialog();
        QVERIFY(dialog && dialog->isVisible());
        QSignalSpy chosen(&menu, &ModelDownloadMenu::modelChosen);
        auto* table = child<QTableWidget>(*dialog, "downloadModels");
        table->selectRow(0);
        child<QPushButton>(*dialog, "downloadStart")->click();
        QVERIFY(dialog->isDownloading());
        auto* use = child<QPushButton>(*dialog, "downloadUse");
        QTRY_VERIFY_WITH_TIMEOUT(!use->isHidden(), kTimeoutMs);
        auto* progress = child<QProgressBar>(*dialog, "downloadProgress");
        QCOMPARE(progress->value(), progress->maximum());
        const auto models = ModelDiscovery({{cacheDir().toStdString()}, {}}).discover();
        QCOMPARE(models.size(), std::size_t(1));
        QCOMPARE(models[0].repoId, m_catalog.front().repos.front().repoId);
        QVERIFY2(models[0].problem.empty(), models[0].problem.c_str());
        QVERIFY2(child<QLabel>(*dialog, "downloadStatus")->text().contains(QString::fromStdString(models[0].info.path)),
                 qPrintable(child<QLabel>(*dialog, "downloadStatus")->text()));
        use->click();
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(chosen.at(0).at(0).toString(), QString::fromStdString(models[0].info.path));
        dialog->close();
    }

    void asksForATokenThenUsesIt()
    {
        m_hub->requireToken("hf_secret");
        ModelDownloadDialog dialog;
        dialog.show();
        child<QTableWidget>(dialog, "downloadModels")->selectRow(0);
        auto* start = child<QPushButton>(dialog, "downloadStart");
        auto* status = child<QLabel>(dialog, "downloadStatus");
        start->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isDownloading(), kTimeoutMs);
        QVERIFY2(status->text().contains("token") && status->text().contains("license"), qPrintable(status->text()));
        child<QLineEdit>(dialog, "downloadToken")->setText("hf_secret");
        start->click();
        QTRY_VERIFY_WITH_TIMEOUT(!child<QPushButton>(dialog, "downloadUse")->isHidden(), kTimeoutMs);
    }

    void cancelKeepsThePartAndTheWindowResponsive()
    {
        m_hub->stall(kWeights, 4000);
        ModelDownloadDialog dialog;
        dialog.show();
        child<QTableWidget>(dialog, "downloadModels")->selectRow(0);
        child<QPushButton>(dialog, "downloadStart")->click();
        auto* status = child<QLabel>(dialog, "downloadStatus");
        // The event loop keeps running while the worker waits on the stalled file: progress arrives.
        QTRY_VERIFY_WITH_TIMEOUT(status->text().contains(QString::fromStdString(kWeights)), kTimeoutMs);
        auto* cancel = child<QPushButton>(dialog, "downloadCancel");
        QVERIFY(cancel->isEnabled());
        cancel->click();
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.isDownloading(), kTimeoutMs);
        QVERIFY(child<QPushButton>(dialog, "downloadStart")->isEnabled());
        bool kept = false;
        for (const auto& entry : std::filesystem::recursive_directory_iterator(cacheDir().toStdString()))
            kept = kept || entry.path().extension() == ".incomplete";
        QVERIFY(kept);
        m_hub->releaseStall();
    }

    void speaksChinese()
    {
        AppTranslator translator;
        QVERIFY(translator.apply("zh_CN"));
        ModelDownloadDialog dialog;
        QCOMPARE(dialog.windowTitle(), QString::fromUtf8("下载模型"));
        QCOMPARE(child<QPushButton>(dialog, "downloadStart")->text(), QString::fromUtf8("下载(&D)"));
        QCOMPARE(ModelDownloadDialog::durationText(125), QString::fromUtf8("2 分 05 秒"));
        QVERIFY(translator.apply("en"));
        QTRY_COMPARE(dialog.windowTitle(), QString("Download models")); // retranslated live
    }
};

FRAMESMITH_TEST_MAIN(tst_ModelDownloadDialog)

} // namespace tst_ModelDownloadDialog
#include "tst_ModelDownloadDialog.moc"
