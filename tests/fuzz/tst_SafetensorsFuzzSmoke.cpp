// A short, deterministic run of the fuzz entry point for CI: the broken fixtures, the model
// configs, and a few thousand seeded mutations of a good file. Only framesmith::Error may be
// thrown inside (the entry point catches it); anything escaping fails the test.
#include "ByteMutator.h"
#include "SafetensorsFuzzTarget.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDirIterator>
#include <QFile>
#include <QTest>

namespace tst_SafetensorsFuzzSmoke {

using framesmith::fuzz::runSafetensorsInput;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
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
        framesmith::fuzz::ByteMutator mutator(20261122);
        int accepted = 0, rejected = 0;
        for (int i = 0; i < 6000; ++i) {
            QByteArray input = seeds[i % seeds.size()];
            mutator.mutateSeveral(input);
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

FRAMESMITH_TEST_GUILESS_MAIN(tst_SafetensorsFuzzSmoke)

} // namespace tst_SafetensorsFuzzSmoke
#include "tst_SafetensorsFuzzSmoke.moc"
