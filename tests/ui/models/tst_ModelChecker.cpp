// ModelChecker: a folder is probed from its configs at once and checked completely in the
// background; a damaged or config-only folder ends Damaged naming its files, a complete one Ready;
// only the newest folder's check is reported.
#include "ui/models/ModelChecker.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

Q_DECLARE_METATYPE(ModelFolderProbe)

namespace tst_ModelChecker {

namespace {
const QString kTiny = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b");

QString copyOfTiny(const QTemporaryDir& dir, const QString& name, bool withWeights)
{
    namespace fs = std::filesystem;
    const fs::path target = fs::path(dir.filePath(name).toStdString());
    for (const auto& entry : fs::recursive_directory_iterator(kTiny.toStdString())) {
        const fs::path relative = fs::relative(entry.path(), kTiny.toStdString());
        if (entry.is_directory())
            fs::create_directories(target / relative);
        else if (withWeights || entry.path().extension() != ".safetensors")
            fs::copy_file(entry.path(), target / relative);
    }
    return QString::fromStdString(target.string());
}
} // namespace


class tst_ModelChecker : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void completeModelBecomesReady()
    {
        ModelChecker checker;
        QSignalSpy checked(&checker, &ModelChecker::checked);
        const ModelFolderProbe probe = checker.open(kTiny);
        QCOMPARE(probe.state, ModelFolderProbe::State::Checking);
        QVERIFY(!probe.isReady());
        QCOMPARE(probe.spec().frames.stepAt(49), 8); // the form follows the model before the check ends
        QVERIFY(checked.wait(60000));
        const auto result = checked.first().first().value<ModelFolderProbe>();
        QCOMPARE(result.state, ModelFolderProbe::State::Ready);
        QVERIFY(!checker.isChecking());
    }

    void configsWithoutWeightsAreDamaged()
    {
        ModelChecker checker;
        QSignalSpy checked(&checker, &ModelChecker::checked);
        checker.open(copyOfTiny(m_dir, QStringLiteral("configs-only"), false));
        QVERIFY(checked.wait(60000));
        const auto result = checked.first().first().value<ModelFolderProbe>();
        QCOMPARE(result.state, ModelFolderProbe::State::Damaged);
        QVERIFY2(result.problems.join('\n').contains(QStringLiteral("transformer/")), qPrintable(result.problems.join('\n')));
    }

    void truncatedWeightsAreDamaged()
    {
        const QString folder = copyOfTiny(m_dir, QStringLiteral("truncated"), true);
        QFile weights(folder + QStringLiteral("/vae/diffusion_pytorch_model.safetensors"));
        QVERIFY(weights.resize(100));
        ModelChecker checker;
        QSignalSpy checked(&checker, &ModelChecker::checked);
        checker.open(folder);
        QVERIFY(checked.wait(60000));
        QCOMPARE(checked.first().first().value<ModelFolderProbe>().state, ModelFolderProbe::State::Damaged);
    }

    void onlyTheNewestFolderIsReported()
    {
        ModelChecker checker;
        QSignalSpy checked(&checker, &ModelChecker::checked);
        checker.open(copyOfTiny(m_dir, QStringLiteral("older"), false));
        checker.open(kTiny);
        QVERIFY(checked.wait(60000));
        QTest::qWait(200);
        QCOMPARE(checked.count(), 1);
        QCOMPARE(checked.first().first().value<ModelFolderProbe>().folder, kTiny);
    }

    void notAModelIsSaidAtOnce()
    {
        ModelChecker checker;
        const ModelFolderProbe probe = checker.open(m_dir.path());
        QCOMPARE(probe.state, ModelFolderProbe::State::NotAModel);
        QVERIFY(!probe.problems.isEmpty());
        QVERIFY(!checker.isChecking());
        QCOMPARE(checker.open(QString()).state, ModelFolderProbe::State::NoFolder);
    }
};

FRAMESMITH_TEST_MAIN(tst_ModelChecker)

} // namespace tst_ModelChecker
#include "tst_ModelChecker.moc"
