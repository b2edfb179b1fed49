// A steady rise of allocated memory across steps raises one warning naming the rate; flat,
// noisy or one-off jumps do not.
#include "memory/monitor/MemoryGrowthDetector.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <cmath>
#include <random>

namespace tst_MemoryGrowthDetector {

using namespace framesmith;

namespace {

constexpr std::int64_t kMiB = 1 << 20;
constexpr std::int64_t kBase = 12ll << 30;

int warningsFor(MemoryGrowthDetector& detector, const std::vector<std::int64_t>& series, std::string* last = nullptr)
{
    int warnings = 0;
    for (std::size_t i = 0; i < series.size(); ++i)
        if (auto w = detector.addSample(static_cast<int>(i) + 1, series[i])) {
            ++warnings;
            if (w->kind != WarningKind::MemoryGrowth)
                return -1;
            if (last)
                *last = w->message;
        }
    return warnings;
}

} // namespace

class tst_MemoryGrowthDetector : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void warnsOnceOnASteadyRiseNamingTheRate()
    {
        MemoryGrowthDetector detector;
        std::vector<std::int64_t> series;
        for (int step = 0; step < 20; ++step)
            series.push_back(kBase + step * 64 * kMiB);
        std::string message;
        QCOMPARE(warningsFor(detector, series, &message), 1);
        QVERIFY2(QString::fromStdString(message).contains("64.0 MiB per step"), message.c_str());
        QVERIFY(std::abs(detector.lastSlopeBytesPerStep() - 64.0 * kMiB) < kMiB);
    }

    void ignoresFlatAndNoisySeries()
    {
        MemoryGrowthDetector detector;
        std::vector<std::int64_t> series;
        std::mt19937 random(7);
        std::uniform_int_distribution<std::int64_t> noise(-120 * kMiB, 120 * kMiB);
        for (int step = 0; step < 50; ++step)
            series.push_back(kBase + noise(random));
        QCOMPARE(warningsFor(detector, series), 0);
    }

    void ignoresAOneOffJump()
    {
        MemoryGrowthDetector detector;
        std::vector<std::int64_t> series(20, kBase);
        for (std::size_t i = 10; i < series.size(); ++i)
            series[i] += 2048 * kMiB; // e.g. the first step allocates a workspace
        QCOMPARE(warningsFor(detector, series), 0);
    }

    void ignoresSlowDrift()
    {
        MemoryGrowthDetector detector;
        std::vector<std::int64_t> series;
        for (int step = 0; step < 50; ++step)
            series.push_back(kBase + step * kMiB);
        QCOMPARE(warningsFor(detector, series), 0);
    }

    void warnsAgainWhenTheRateDoubles()
    {
        MemoryGrowthDetector detector;
        std::vector<std::int64_t> series;
        std::int64_t bytes = kBase;
        for (int step = 0; step < 40; ++step)
            series.push_back(bytes += (step < 20 ? 16 : 64) * kMiB);
        QCOMPARE(warningsFor(detector, series), 2);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_MemoryGrowthDetector)

} // namespace tst_MemoryGrowthDetector
#include "tst_MemoryGrowthDetector.moc"
