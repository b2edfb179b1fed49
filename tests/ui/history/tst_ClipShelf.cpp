// ClipShelf: a finished clip goes into the player and the history (and its latents checkpoint
// goes away); an entry renamed keeps its name, deleting asks first and then removes the entry's
// files, "Show in folder" opens the clip's folder; File > Export opens in the last export folder.
#include "ui/history/ClipShelf.h"
#include "ui/history/ExportDialog.h"
#include "ui/history/HistoryPanel.h"
#include "ui/settings/AppSettings.h"
#include "widgets/PreviewPlayer.h"
#include "support/TestRegistry.h"

#include <QAbstractButton>
#include <QDir>
#include <QFile>
#include <QListWidget>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

namespace tst_ClipShelf {

namespace {
framesmith::GenerationResult fakeResult(const QString& checkpoint)
{
    framesmith::GenerationResult r;
    r.request.prompt = "a red fox";
    r.request.seed = 42;
    r.clip.frameCount = 3;
    r.clip.width = 8;
    r.clip.height = 6;
    r.clip.fps = 8;
    r.clip.rgb.assign(size_t(3 * 8 * 6 * 3), 128);
    r.latentsCheckpointPath = checkpoint.toStdString();
    r.outputPath = checkpoint.toStdString() + ".mp4"; // "saved": what makes the checkpoint unneeded
    r.stepsCompleted = 2;
    return r;
}

void touch(const QString& path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("x");
}
} // namespace

class tst_ClipShelf : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void finishedClipIsShownRecordedAndItsCheckpointCleaned()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("a.ini")));
        QWidget window;
        PreviewPlayer player;
        ClipShelf shelf(&player, settings, &window);
        shelf.setRoot(m_dir.filePath(QStringLiteral("root-a")));
        const QString checkpoint = m_dir.filePath(QStringLiteral("run.latents.safetensors"));
        touch(checkpoint);
        shelf.addResult(fakeResult(checkpoint), QStringLiteral("run-1"), QStringLiteral("tiny"));
        QCOMPARE(player.frameCount(), 3);
        QCOMPARE(shelf.panel()->count(), 1);
        QVERIFY(!QFile::exists(checkpoint));
    }

    void renameDeleteAndShowInFolder()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("b.ini")));
        QWidget window;
        PreviewPlayer player;
        ClipShelf shelf(&player, settings, &window);
        shelf.setRoot(m_dir.filePath(QStringLiteral("root-b")));
        shelf.addResult(fakeResult(m_dir.filePath(QStringLiteral("none"))), QStringLiteral("run-2"), QStringLiteral("tiny"));
        HistoryEntry entry = shelf.panel()->entries().first();

        shelf.rename(entry, QStringLiteral("Fox, take 2"));
        QCOMPARE(shelf.store().entries().first().title, QStringLiteral("Fox, take 2"));
        QVERIFY(shelf.panel()->list()->item(0)->text().startsWith(QStringLiteral("Fox, take 2")));

        QString opened;
        shelf.setFolderOpener([&](const QString& folder) { opened = folder; });
        entry.videoPath = QDir(shelf.store().clipsFolder()).filePath(QStringLiteral("run-2.mp4"));
        shelf.showInFolder(entry);
        QCOMPARE(opened, shelf.store().clipsFolder());

        const QString trace = shelf.traceBaseFor(entry.id) + QStringLiteral(".memory.csv");
        touch(trace);
        shelf.askToDelete(entry);
        auto* question = window.findChild<QMessageBox*>(QStringLiteral("deleteClipBox"));
        QVERIFY(question);
        QCOMPARE(shelf.panel()->count(), 1); // nothing goes before the answer
        question->findChild<QAbstractButton*>(QStringLiteral("deleteButton"))->click();
        QCOMPARE(shelf.panel()->count(), 0);
        QVERIFY(shelf.store().entries().isEmpty());
        QVERIFY(!QFile::exists(trace));
    }

    void exportOpensInTheLastExportFolder()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("c.ini")));
        QWidget window;
        PreviewPlayer player;
        ClipShelf shelf(&player, settings, &window);
        shelf.setRoot(m_dir.filePath(QStringLiteral("root-c")));
        shelf.addResult(fakeResult(m_dir.filePath(QStringLiteral("none"))), QStringLiteral("run-3"), QStringLiteral("tiny"));
        const QString exports = m_dir.filePath(QStringLiteral("exports"));
        QDir().mkpath(exports);
        settings.setLastExportFolder(exports);
        settings.setLastExportFormat(QStringLiteral("gif"));
        shelf.exportInteractively();
        auto* dialog = window.findChild<ExportDialog*>();
        QVERIFY(dialog);
        QCOMPARE(QDir::fromNativeSeparators(dialog->path()), QDir(exports).filePath(QStringLiteral("framesmith-42.gif")));
        dialog->reject();
    }
};

FRAMESMITH_TEST_MAIN(tst_ClipShelf)

} // namespace tst_ClipShelf
#include "tst_ClipShelf.moc"
