// The studio's smaller rough edges, each driven through real widgets: the wheel scrolls the form
// instead of changing an unfocused field; queue rows show their seed and Variations never repeats a
// queued one; a clip deleted from the History leaves the player (nothing deleted can be exported);
// export names do not pile up suffixes and a folder that failed is not offered again; preset names
// may have spaces; stage bands close when the run ends and labels with no room hide instead of
// piling up.
#include "framesmith/PresetCatalog.h"
#include "ui/form/ParametersPanel.h"
#include "ui/history/ClipShelf.h"
#include "ui/history/ExportDialog.h"
#include "ui/history/HistoryPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/presets/PresetNames.h"
#include "ui/queue/QueueDock.h"
#include "ui/queue/RenderQueue.h"
#include "ui/queue/VariationsDialog.h"
#include "ui/settings/AppSettings.h"
#include "widgets/PreviewPlayer.h"
#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraph.h"
#include "widgets/VramGraphStages.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QWheelEvent>

namespace tst_StudioDetails {

namespace {
constexpr int kTimeoutMs = 120000;

framesmith::GenerationResult fakeResult(const QString& outputPath)
{
    framesmith::GenerationResult r;
    r.request.prompt = "a red fox";
    r.request.seed = 42;
    r.clip.frameCount = 3;
    r.clip.width = 8;
    r.clip.height = 6;
    r.clip.fps = 8;
    r.clip.rgb.assign(size_t(3 * 8 * 6 * 3), 128);
    r.outputPath = outputPath.toStdString();
    r.stepsCompleted = 2;
    return r;
}

// Sent directly, so not passed on to the parents as a real wheel event is when ignored; whether
// it was taken is what the field decides.
bool wheelDownIsTaken(QWidget* widget)
{
    const QPointF at = QPointF(widget->rect().center());
    QWheelEvent event(at, widget->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
    QApplication::sendEvent(widget, &event);
    return event.isAccepted();
}

void touch(const QString& path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("x");
}
} // namespace

class tst_StudioDetails : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }

    void theWheelScrollsTheFormNotItsFields()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("wheel.ini")));
        MainWindow window(settings);
        window.resize(800, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        auto* guidance = window.findChild<QDoubleSpinBox*>(QStringLiteral("guidanceSpin"));
        QVERIFY(guidance);
        window.findChild<QPushButton*>(QStringLiteral("generateButton"))->setFocus();
        const double before = guidance->value();
        // Unfocused: the field leaves the wheel alone (ignored, it goes on to the scroll area).
        QVERIFY(!wheelDownIsTaken(guidance));
        QCOMPARE(guidance->value(), before);
        guidance->setFocus();
        QTRY_VERIFY(guidance->hasFocus());
        QVERIFY(wheelDownIsTaken(guidance)); // focused: the wheel is the field's
        QVERIFY(guidance->value() < before);
    }

    // At the smallest window no label is cut: each shows its whole text (or wraps it).
    void at800x600NoLabelIsCut()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("small.ini")));
        MainWindow window(settings);
        window.resize(800, 600);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        QTRY_VERIFY_WITH_TIMEOUT(window.isModelReady(), kTimeoutMs);
        window.historyDock()->show();
        QTest::qWait(200);
        QStringList cut;
        for (QLabel* label : window.findChildren<QLabel*>()) {
            if (!label->isVisibleTo(&window) || label->visibleRegion().isEmpty() || label->wordWrap() ||
                label->text().isEmpty() || label->objectName().startsWith(QStringLiteral("qt_")))
                continue;
            const int need = label->minimumSizeHint().width();
            if (label->width() < need)
                cut << QStringLiteral("%1 \"%2\" %3 < %4").arg(label->objectName(), label->text()).arg(label->width()).arg(need);
        }
        QVERIFY2(cut.isEmpty(), qPrintable(cut.join('\n')));
    }

    void queueRowsShowTheSeedAndVariationsSkipQueuedSeeds()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("queue.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("queue-data")));
        RenderQueue* queue = window.queueDock()->queue();
        queue->setPaused(true); // the jobs wait: this is about their rows
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        auto r = window.request();
        r.prompt = "a lighthouse at dusk";
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        r.steps = 1;
        r.seed = 42;
        window.setRequest(r);
        QTRY_VERIFY_WITH_TIMEOUT(window.isModelReady() && window.parametersPanel()->queueButton()->isEnabled(), kTimeoutMs);
        window.parametersPanel()->queueButton()->click();
        QCOMPARE(queue->jobs().size(), 1);

        auto* list = window.findChild<QTreeWidget*>(QStringLiteral("queueList"));
        int seedColumn = -1;
        for (int c = 0; c < list->columnCount(); ++c)
            if (list->headerItem()->text(c) == QStringLiteral("Seed"))
                seedColumn = c;
        QVERIFY(seedColumn >= 0);
        QCOMPARE(list->topLevelItem(0)->text(seedColumn), QStringLiteral("42"));

        window.queueDock()->openVariations();
        auto* dialog = window.findChild<VariationsDialog*>();
        QVERIFY(dialog);
        QList<std::uint64_t> seeds;
        for (const auto& request : dialog->requests())
            seeds << request.seed;
        QCOMPARE(seeds, (QList<std::uint64_t>{43, 44, 45, 46})); // 42 is queued already
        dialog->accept();
        QCOMPARE(queue->jobs().size(), 5);
        QCOMPARE(list->topLevelItem(4)->text(seedColumn), QStringLiteral("46"));
    }

    void aDeletedClipLeavesThePlayer()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("delete.ini")));
        QWidget window;
        PreviewPlayer player;
        ClipShelf shelf(&player, settings, &window);
        shelf.setRoot(m_dir.filePath(QStringLiteral("delete-root")));
        QSignalSpy shown(&shelf, &ClipShelf::clipShown);
        shelf.addResult(fakeResult(m_dir.filePath(QStringLiteral("clip.mp4"))), QStringLiteral("run-1"),
                        QStringLiteral("tiny"));
        QVERIFY(shelf.hasClip());
        QCOMPARE(player.frameCount(), 3);
        shelf.remove(shelf.panel()->entries().first());
        QVERIFY(!shelf.hasClip());
        QCOMPARE(player.frameCount(), 0);
        QCOMPARE(shown.last().first().toInt(), 0);
    }

    void exportNamesDoNotPileUpSuffixes()
    {
        const QString folder = m_dir.filePath(QStringLiteral("exports"));
        touch(QDir(folder).filePath(QStringLiteral("framesmith-42.mp4")));
        ExportDialog dialog({96, 64, 42, false}, folder, framesmith::ExportFormat::H264Mp4);
        QCOMPARE(QDir::fromNativeSeparators(dialog.path()), QDir(folder).filePath(QStringLiteral("framesmith-42-2.mp4")));
        dialog.setFormat(framesmith::ExportFormat::Gif);
        QCOMPARE(QDir::fromNativeSeparators(dialog.path()), QDir(folder).filePath(QStringLiteral("framesmith-42.gif")));
        dialog.setFormat(framesmith::ExportFormat::H264Mp4);
        QCOMPARE(QDir::fromNativeSeparators(dialog.path()), QDir(folder).filePath(QStringLiteral("framesmith-42-2.mp4")));
        dialog.setFormat(framesmith::ExportFormat::Gif);
        dialog.setFormat(framesmith::ExportFormat::H264Mp4);
        QCOMPARE(QDir::fromNativeSeparators(dialog.path()), QDir(folder).filePath(QStringLiteral("framesmith-42-2.mp4")));
    }

    void aFolderThatFailedIsNotRemembered()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("export.ini")));
        const QString good = m_dir.filePath(QStringLiteral("good"));
        QDir().mkpath(good);
        settings.setLastExportFolder(good);
        QWidget window;
        PreviewPlayer player;
        ClipShelf shelf(&player, settings, &window);
        shelf.setRoot(m_dir.filePath(QStringLiteral("export-root")));
        shelf.addResult(fakeResult(m_dir.filePath(QStringLiteral("clip2.mp4"))), QStringLiteral("run-2"),
                        QStringLiteral("tiny"));
        QSignalSpy finished(&shelf, &ClipShelf::exportFinished);
        framesmith::ExportOptions options;
        options.format = framesmith::ExportFormat::Gif;
        options.path = m_dir.filePath(QStringLiteral("no-such-folder/x/clip.gif")).toStdString();
        QFile blocker(m_dir.filePath(QStringLiteral("no-such-folder")));
        QVERIFY(blocker.open(QIODevice::WriteOnly)); // a file where the folder would be: the export fails
        blocker.close();
        shelf.exportTo(options);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, kTimeoutMs);
        QVERIFY(!finished.first().first().toString().isEmpty());
        QCOMPARE(settings.lastExportFolder(), good);
    }

    void presetNamesMayHaveSpaces()
    {
        QCOMPARE(PresetNames::problem(QStringLiteral("Night shots")), QString());
        QVERIFY(!PresetNames::problem(QStringLiteral(" Night")).isEmpty());
        QVERIFY(!PresetNames::problem(QStringLiteral("Night ")).isEmpty());
        QVERIFY(!PresetNames::problem(QStringLiteral("a/b")).isEmpty());
        framesmith::PresetCatalog catalog(m_dir.filePath(QStringLiteral("presets")).toStdString());
        framesmith::MemoryPreset preset = catalog.load("low-memory");
        preset.name = "Night shots";
        catalog.save(preset); // the engine, the CLI and the app read the same file
        QCOMPARE(catalog.load("Night shots").name, std::string("Night shots"));
    }

    void stageBandsCloseWhenTheRunEnds()
    {
        VramGraph graph;
        graph.resize(400, 200);
        graph.setSeries({{QStringLiteral("gpu0"), QStringLiteral("GPU 0"), 1ll << 30}});
        QVector<VramGraph::Sample> samples;
        for (int i = 0; i <= 10; ++i)
            samples.push_back({double(i), {qint64(i) << 20}});
        graph.addMarker(0.0, QStringLiteral("Loading the model"));
        graph.addMarker(2.0, QStringLiteral("Denoising"));
        graph.appendSamples(samples);
        graph.endStages(4.0);
        QCOMPARE(graph.stages()->endSeconds(1), 4.0); // not the newest sample (10 s)
        QCOMPARE(graph.stageAt(3.0), QStringLiteral("Denoising"));
        QCOMPARE(graph.stageAt(6.0), QString());
        graph.addMarker(8.0, QStringLiteral("Loading the model")); // the next run opens again
        QCOMPARE(graph.stages()->endSeconds(2), 10.0);

        // Six stages at one instant: four rows of labels, the rest hidden rather than piled up.
        for (int i = 0; i < 6; ++i)
            graph.addMarker(9.0, QStringLiteral("Stage %1").arg(i));
        graph.show();
        QVERIFY(QTest::qWaitForWindowExposed(&graph));
        graph.stages()->layout(10.0);
        int visible = 0;
        for (int i = 3; i < graph.stages()->count(); ++i)
            visible += graph.stages()->text(i)->visible() ? 1 : 0;
        QVERIFY2(visible <= VramGraphStages::kMaxRows, qPrintable(QString::number(visible)));
    }
};

FRAMESMITH_TEST_MAIN(tst_StudioDetails)

} // namespace tst_StudioDetails
#include "tst_StudioDetails.moc"
