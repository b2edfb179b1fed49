// A short, deterministic run of the model-config fuzz entry point for CI: every config of the
// fixtures under its own parser (each must be accepted), then seeded mutations of them (only
// framesmith::Error may be thrown inside; a broken size invariant traps). libFuzzer runs the same
// entry point for 10^6 executions in scripts/fuzz-user-inputs.sh model_config.
#include "ByteMutator.h"
#include "ModelConfigFuzzTarget.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

namespace tst_ModelConfigFuzzSmoke {

using framesmith::fuzz::runModelConfigInput;

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Files under `root` whose path ends with `suffix`.
QStringList filesEnding(const QString& root, const QString& suffix)
{
    QStringList found;
    QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.endsWith(suffix))
            found << path;
    }
    return found;
}

struct Seed {
    char kind;
    QByteArray text;
    QString origin;
};

QList<Seed> fixtureSeeds()
{
    const QString fixtures = QString::fromStdString(framesmith::test::fixturesDir());
    const QString cog = fixtures + "/cogvideox", os = fixtures + "/opensora";
    QList<Seed> seeds;
    auto add = [&](char kind, const QStringList& paths) {
        for (const QString& p : paths)
            seeds.append({kind, readAll(p), p});
    };
    add(0, filesEnding(cog, "/transformer/config.json"));
    add(1, filesEnding(cog, "/vae/config.json"));
    add(2, filesEnding(cog, "/scheduler/scheduler_config.json"));
    add(3, filesEnding(cog, "/text_encoder/config.json") + filesEnding(os, "t5-v1_1-xxl/config.json"));
    add(4, filesEnding(os, "OpenSora-STDiT-v3/config.json"));
    add(5, filesEnding(os, "OpenSora-VAE-v1.2/config.json"));
    add(6, filesEnding(os, "pixart_sigma_sdxlvae_T5_diffusers/vae/config.json"));
    for (const QString& p : filesEnding(os, "OpenSora-VAE-v1.2/config.json")) {
        const QJsonObject temporal = QJsonDocument::fromJson(readAll(p)).object().value("vae_temporal").toObject();
        seeds.append({7, QJsonDocument(temporal).toJson(), p + " [vae_temporal]"});
    }
    for (const QString& p : filesEnding(cog + "/models", "/transformer/config.json"))
        seeds.append({char(8 + (p.contains("i2v") ? 0x10 * 9 : 0)), readAll(p), p + " [variant]"});
    return seeds;
}

int feed(char kind, const QByteArray& text)
{
    QByteArray input(1, kind);
    input += text;
    return runModelConfigInput(reinterpret_cast<const std::uint8_t*>(input.constData()), input.size());
}

} // namespace

class tst_ModelConfigFuzzSmoke : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void everyFixtureConfigIsAcceptedByItsParser()
    {
        const QList<Seed> seeds = fixtureSeeds();
        QSet<int> kinds;
        for (const Seed& seed : seeds) {
            QVERIFY2(!seed.text.isEmpty(), qPrintable(seed.origin));
            QVERIFY2(feed(seed.kind, seed.text) == 1, qPrintable(seed.origin));
            kinds.insert(quint8(seed.kind) % framesmith::fuzz::kModelConfigKinds);
        }
        QCOMPARE(kinds.size(), framesmith::fuzz::kModelConfigKinds);
        QVERIFY(seeds.size() >= 30);
    }

    void seededMutationsAreRefusedWithErrorsOnly()
    {
        const QList<Seed> seeds = fixtureSeeds();
        framesmith::fuzz::ByteMutator mutator(20261124);
        int accepted = 0, rejected = 0;
        for (int i = 0; i < 9000; ++i) {
            const Seed& seed = seeds[int(mutator.next() % unsigned(seeds.size()))];
            QByteArray text = seed.text;
            mutator.mutateSeveral(text);
            try {
                (feed(seed.kind, text) ? accepted : rejected)++;
            } catch (const std::exception& e) {
                QFAIL(qPrintable(QString("%1, mutation %2 escaped: %3\n%4").arg(seed.origin).arg(i).arg(e.what(),
                                                                                          QString(text))));
            }
        }
        // Both outcomes must occur, or the mutations are not reaching the parsers' checks.
        QVERIFY2(accepted > 500 && rejected > 1000, qPrintable(QString("%1 accepted, %2 rejected").arg(accepted).arg(rejected)));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_ModelConfigFuzzSmoke)

} // namespace tst_ModelConfigFuzzSmoke
#include "tst_ModelConfigFuzzSmoke.moc"
