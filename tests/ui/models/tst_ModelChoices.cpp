// The model box lists the models on this machine: one downloaded into the standard Hugging Face
// cache layout (blobs, snapshots, refs/main) is listed under its repo and opens when picked; a
// first launch with no model offers the demo model and makes it when absent; the demo's quick
// defaults also come after a launch without a model (they were lost then).
#include "ui/form/PromptPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/models/ModelChoices.h"
#include "ui/settings/AppSettings.h"
#include "support/TestRegistry.h"

#include <QComboBox>
#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace tst_ModelChoices {

namespace {
constexpr int kTimeoutMs = 120000;
const QString kRevision = QStringLiteral("0123456789abcdef0123456789abcdef01234567");

// The tiny fixture model as the Hub's cache stores a download: each file once under blobs/ (named
// by its hash), the snapshot made of links into it, refs/main naming the snapshot.
QString writeHubCacheCopy(const QString& hub, const QString& repoFolderName)
{
    const QString source = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b");
    const QString repo = hub + QLatin1Char('/') + repoFolderName;
    const QString snapshot = repo + QStringLiteral("/snapshots/") + kRevision;
    QDir().mkpath(repo + QStringLiteral("/blobs"));
    QDir().mkpath(repo + QStringLiteral("/refs"));
    QDirIterator it(source, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        const QString relative = QDir(source).relativeFilePath(file);
        const QString blob = repo + QStringLiteral("/blobs/") +
                             QString::fromLatin1(QCryptographicHash::hash(relative.toUtf8(), QCryptographicHash::Sha256).toHex());
        if (!QFile::copy(file, blob))
            return {};
        QDir().mkpath(QFileInfo(snapshot + QLatin1Char('/') + relative).absolutePath());
        if (!QFile::link(blob, snapshot + QLatin1Char('/') + relative))
            return {};
    }
    QFile ref(repo + QStringLiteral("/refs/main"));
    if (!ref.open(QIODevice::WriteOnly))
        return {};
    ref.write(kRevision.toLatin1());
    return snapshot;
}

int indexOfFolder(QComboBox* combo, const QString& folder)
{
    for (int i = 0; i < combo->count(); ++i)
        if (QFileInfo(combo->itemData(i).toString()).canonicalFilePath() == QFileInfo(folder).canonicalFilePath())
            return i;
    return -1;
}
} // namespace

class tst_ModelChoices : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_snapshot;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
        qputenv("FRAMESMITH_DEMO_TOKENIZER", QByteArray(FRAMESMITH_SOURCE_DIR "/resources/demo-tokenizer"));
        qputenv("HF_HUB_CACHE", m_dir.filePath(QStringLiteral("hub")).toUtf8());
        qputenv("MODELSCOPE_CACHE", m_dir.filePath(QStringLiteral("modelscope")).toUtf8());
        m_snapshot = writeHubCacheCopy(m_dir.filePath(QStringLiteral("hub")), QStringLiteral("models--acme--tiny-video"));
        QVERIFY(!m_snapshot.isEmpty());
    }

    void listsAHubCacheModelAndOpensIt()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("hub.ini")));
        MainWindow window(settings);
        window.show();
        auto* combo = window.promptPanel()->modelChoiceCombo();
        QTRY_VERIFY_WITH_TIMEOUT(indexOfFolder(combo, m_snapshot) >= 0, kTimeoutMs);
        const int index = indexOfFolder(combo, m_snapshot);
        QVERIFY2(combo->itemText(index).contains(QStringLiteral("acme/tiny-video")), qPrintable(combo->itemText(index)));
        QVERIFY(combo->itemText(combo->count() - 1).startsWith(QStringLiteral("Other folder")));

        // No model yet: the demo is offered, and the box says what to do.
        QVERIFY(window.promptPanel()->useDemoButton()->isVisibleTo(&window));
        QVERIFY(window.findChild<QLabel*>(QStringLiteral("modelInfoLabel"))->text().contains(QStringLiteral("demo")));

        combo->setCurrentIndex(index);
        Q_EMIT combo->activated(index);
        QCOMPARE(window.model().folder, combo->itemData(index).toString());
        QTRY_VERIFY_WITH_TIMEOUT(window.isModelReady(), kTimeoutMs);
        QVERIFY(!window.promptPanel()->useDemoButton()->isVisibleTo(&window));
        QCOMPARE(combo->currentIndex(), index);
    }

    void aFirstLaunchOffersTheDemoAndMakesIt()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("first.ini")));
        {
            MainWindow firstLaunch(settings); // closed without a model: the old defaults are saved
            firstLaunch.show();
            firstLaunch.close();
        }
        QVERIFY(settings.hasLastRequest());
        MainWindow window(settings);
        window.show();
        QPushButton* demo = window.promptPanel()->useDemoButton();
        QVERIFY(demo->isVisibleTo(&window));
        const QString folder = m_dir.filePath(QStringLiteral("data/demo-model"));
        QVERIFY(!QFileInfo::exists(folder));
        demo->click();
        QTRY_VERIFY_WITH_TIMEOUT(window.model().folder == folder, kTimeoutMs);
        QTRY_VERIFY_WITH_TIMEOUT(window.isModelReady(), kTimeoutMs);
        QVERIFY(window.model().isDemo);
        // The quick defaults, although a launch without a model saved its request before.
        const auto r = window.request();
        QCOMPARE(r.frameCount, window.model().spec().frames.minimum());
        QVERIFY2(r.width * r.height <= 256 * 160, qPrintable(QStringLiteral("%1 x %2").arg(r.width).arg(r.height)));
        QVERIFY(r.steps <= 10);
        // And it is listed (first) from now on.
        QTRY_VERIFY_WITH_TIMEOUT(indexOfFolder(window.promptPanel()->modelChoiceCombo(), folder) == 0, kTimeoutMs);
    }
};

FRAMESMITH_TEST_MAIN(tst_ModelChoices)

} // namespace tst_ModelChoices
#include "tst_ModelChoices.moc"
