// A short, deterministic run of the fuzz entry point for CI: the broken fixtures, the model
// configs, and a few thousand seeded mutations of a good file. Only framesmith::Error may be
// thrown inside (the entry point catches it); anything escaping fails the test.
#include "SafetensorsFuzzTarget.h"
#include "support/TestPaths.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

#include <random>

using framesmith::fuzz::runSafetensorsInput;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// One random edit of the kinds that break parsers: bit flips, interesting bytes, length fields,
// insertions, deletions, truncation, duplicated spans.
void mutate(QByteArray& b, std::mt19937& rng)
{
    static const char interesting[] = {'\0', '\xff', '{', '}', '[', ']', '"', ',', ':', '-', '9', 'e', '\\', ' '};
    auto pick = [&](int n) { return n <= 0 ? 0 : int(rng() % unsigned(n)); };
    switch (rng() % 7) {
    case 0: if (!b.isEmpty()) b[pick(b.size())] = char(b[pick(b.size())] ^ (1 << pick(8))); break;
    case 1: if (!b.isEmpty()) b[pick(b.size())] = interesting[pick(sizeof(interesting))]; break;
    case 2: b.insert(pick(b.size() + 1), interesting[pick(sizeof(interesting))]); break;
    case 3: if (!b.isEmpty()) b.remove(pick(b.size()), 1 + pick(8)); break;
    case 4: b.truncate(pick(b.size() + 1)); break;
    case 5: { // a new header length: small, near the file size, or huge
        const quint64 choices[] = {quint64(pick(b.size() + 16)), quint64(b.size()), ~0ull, 1ull << 40, 0};
        quint64 n = choices[pick(5)];
        for (int i = 0; i < 8 && i < b.size(); ++i)
            b[i] = char((n >> (8 * i)) & 0xFF);
        break;
    }
    default: { // duplicate a span (repeats keys, nests brackets)
        int from = pick(b.size()), len = pick(std::min(32, int(b.size()) - from + 1));
        b.insert(pick(b.size() + 1), b.mid(from, len));
    }
    }
}

} // namespace

class tst_SafetensorsFuzzSmoke : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fixturesAndConfigsNeverEscapeAsNonErrors()
    {
        const QString fixtures = QString::fromStdString(framesmith::test::fixturesDir());
        int inputs = 0;
        for (const QString& root : {fixtures + "/broken", fixtures + "/cogvideox/full-size-configs"}) {
            QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QByteArray bytes = readAll(it.next());
                QVERIFY2(feed(bytes), qPrintable(it.filePath()));
                ++inputs;
            }
        }
        QVERIFY(inputs > 40);
        const QByteArray good = readAll(fixtures + "/broken/good.safetensors");
        QCOMPARE(runSafetensorsInput(reinterpret_cast<const std::uint8_t*>(good.constData()), good.size()), 1);
        const QByteArray config = readAll(fixtures + "/cogvideox/full-size-configs/cogvideox-5b/transformer/config.json");
        QVERIFY(runSafetensorsInput(reinterpret_cast<const std::uint8_t*>(config.constData()), config.size()) == 1);
    }

    void seededMutationsOfGoodFilesNeverEscapeAsNonErrors()
    {
        const QString fixtures = QString::fromStdString(framesmith::test::fixturesDir());
        const QList<QByteArray> seeds = {readAll(fixtures + "/broken/good.safetensors"),
                                         readAll(fixtures + "/cogvideox/models/tiny-5b/transformer/config.json")};
        std::mt19937 rng(20261122);
        int accepted = 0, rejected = 0;
        for (int i = 0; i < 6000; ++i) {
            QByteArray input = seeds[i % seeds.size()];
            for (int edits = 1 + int(rng() % 4); edits > 0; --edits)
                mutate(input, rng);
            int result = 0;
            QVERIFY2(feed(input, &result), qPrintable(QString("mutation %1: %2").arg(i).arg(QString(input.toHex()))));
            (result > 0 ? accepted : rejected)++;
        }
        // Both outcomes must occur, or the mutations are not exercising the parser.
        QVERIFY2(accepted > 100 && rejected > 1000, qPrintable(QString("%1 accepted, %2 rejected").arg(accepted).arg(rejected)));
    }

private:
    static bool feed(const QByteArray& bytes, int* result = nullptr)
    {
        try {
            int r = runSafetensorsInput(reinterpret_cast<const std::uint8_t*>(bytes.constData()), bytes.size());
            if (result)
                *result = r;
            return true;
        } catch (const std::exception& e) {
            qWarning("escaped: %s", e.what());
            return false;
        } catch (...) {
            return false;
        }
    }
};

QTEST_GUILESS_MAIN(tst_SafetensorsFuzzSmoke)
#include "tst_SafetensorsFuzzSmoke.moc"
