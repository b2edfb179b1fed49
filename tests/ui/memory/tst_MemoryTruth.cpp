// One job, one set of memory figures: the forecast beside the preset picker, the graph's predicted
// peak, the queue's "Planned peak" column and `framesmith-cli plan` show the same planner figures
// for the same request, per device with the host's RAM among them (framesmith::JobForecast).
// Before, the four read 0.0 GiB, 302 MiB, 35.13 MiB and another figure again for one demo job.
#include "support/CliRun.h"
#include "ui/form/ParametersPanel.h"
#include "ui/main/MainWindow.h"
#include "ui/memory/MemoryFigures.h"
#include "ui/queue/QueueDock.h"
#include "ui/queue/QueuePanel.h"
#include "ui/queue/RenderQueue.h"
#include "ui/settings/AppSettings.h"
#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraph.h"
#include "support/TestRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

namespace tst_MemoryTruth {

namespace {
constexpr int kTimeoutMs = 180000;
const char* const kModel = FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b";

// `from` at the size and steps `framesmith-cli plan` is asked for below.
framesmith::GenerationRequest shrunk(const framesmith::GenerationRequest& from)
{
    framesmith::GenerationRequest r = from;
    r.prompt = "a lighthouse at dusk";
    r.frameCount = 9;
    r.width = 96;
    r.height = 64;
    r.steps = 2;
    r.preset = "max-speed";
    return r;
}

// `framesmith-cli plan --json` for the same request: device -> peak bytes.
MemoryFigures::Peaks cliPeaks(QString* output)
{
    framesmith::test::CliOptions options = framesmith::test::separateChannels();
    options.timeoutMs = kTimeoutMs;
    const framesmith::test::CliRun run = framesmith::test::runCli(
        {"plan", "--json", "--model", kModel, "--frames", "9", "--width", "96", "--height", "64", "--steps", "2",
         "--preset", "max-speed"},
        options);
    *output = run.output + run.error;
    MemoryFigures::Peaks peaks;
    const QJsonObject plan = QJsonDocument::fromJson(output->toUtf8()).object();
    for (const QJsonValue& d : plan.value(QStringLiteral("devices")).toArray()) {
        const qint64 bytes = qint64(d.toObject().value(QStringLiteral("peakBytes")).toDouble());
        const QString device = d.toObject().value(QStringLiteral("device")).toString();
        if (bytes > 0)
            peaks.insert(device, bytes);
    }
    return peaks;
}
} // namespace

class tst_MemoryTruth : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath(QStringLiteral("checkpoints")).toUtf8());
    }

    void theFourFiguresOfOneJobAgree()
    {
        QString cliOutput;
        const MemoryFigures::Peaks truth = cliPeaks(&cliOutput);
        QVERIFY2(!truth.isEmpty(), qPrintable(cliOutput));

        AppSettings settings(m_dir.filePath(QStringLiteral("truth.ini")));
        MainWindow window(settings);
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("data")));
        window.resize(1400, 900);
        window.show();
        window.findChild<QPushButton*>(QStringLiteral("queuePauseButton"))->click(); // nothing runs
        window.setModelFolder(QString::fromLatin1(kModel));
        window.setRequest(shrunk(window.request()));
        QVERIFY(QTest::qWaitFor([&] { return window.isModelReady(); }, kTimeoutMs));
        window.setRequest(shrunk(window.request()));

        // 1. The forecast beside the preset picker: every device's figure, worded as everywhere.
        for (auto it = truth.cbegin(); it != truth.cend(); ++it)
            QTRY_VERIFY2_WITH_TIMEOUT(window.forecastText().contains(MemoryFigures::bytes(it.value()) + " of "),
                                      qPrintable(window.forecastText() + " / plan: " + MemoryFigures::peaks(truth)),
                                      kTimeoutMs);

        // 2. The graph's prediction: the plan's figure on top of what the process holds now.
        VramGraph* graph = window.memoryGraph();
        for (auto it = truth.cbegin(); it != truth.cend(); ++it) {
            const QString series = MemoryFigures::seriesOf(it.key());
            QTRY_VERIFY2_WITH_TIMEOUT(graph->predictionText(series).contains(MemoryFigures::bytes(it.value())),
                                      qPrintable(graph->predictionText(series) + " / plan: " + MemoryFigures::peaks(truth)),
                                      kTimeoutMs);
            const double line = graph->predictionLine(series)->point1->value() * VramGraph::kBytesPerGiB;
            const double level = double(std::max<qint64>(0, graph->latestBytes(series)));
            QVERIFY2(line >= double(it.value()) && line - double(it.value()) <= level + (64 << 20),
                     qPrintable(QStringLiteral("line %1, plan %2, level %3").arg(line).arg(it.value()).arg(level)));
        }

        // 3. The queue's column, and the bytes the job keeps.
        QVERIFY2(window.parametersPanel()->queueButton()->isEnabled(),
                 qPrintable(window.parametersPanel()->queueButton()->toolTip()));
        window.parametersPanel()->queueButton()->click();
        const QVector<QueueJob>& jobs = window.queueDock()->queue()->jobs();
        QCOMPARE(jobs.size(), 1);
        QCOMPARE(jobs.front().plannedPeaks, truth); // 4. = `framesmith-cli plan`, byte for byte
        // The column found by its header: the queue's columns grow (a Seed column came in).
        QTreeWidget* list = window.queueDock()->panel()->list();
        int peakColumn = -1;
        for (int column = 0; column < list->columnCount(); ++column)
            if (list->headerItem()->text(column) == QStringLiteral("Planned peak"))
                peakColumn = column;
        QVERIFY(peakColumn >= 0);
        QCOMPARE(list->topLevelItem(0)->text(peakColumn), MemoryFigures::peaks(truth));
    }
};

FRAMESMITH_TEST_MAIN(tst_MemoryTruth)

} // namespace tst_MemoryTruth
#include "tst_MemoryTruth.moc"
