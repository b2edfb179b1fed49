// Engine::verifyModel finds what would only fail minutes into a run (a truncated weight file, a
// folder of configs without weights, a missing component) and passes a complete model;
// Engine::countTokens counts a prompt in the model's own tokenizer against its 226-token limit.
#include "framesmith/Engine.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

namespace tst_EngineModelCheck {

using namespace framesmith;
namespace fs = std::filesystem;

namespace {
std::string tiny2b() { return test::cogvideoxFixture("models/tiny-2b"); }

// A copy of tiny-2b; configsOnly leaves every .safetensors out.
QString copyOfTiny(const QTemporaryDir& dir, const char* name, bool configsOnly)
{
    const fs::path target = fs::path(dir.path().toStdString()) / name;
    for (const auto& entry : fs::recursive_directory_iterator(tiny2b())) {
        const fs::path relative = fs::relative(entry.path(), tiny2b());
        if (entry.is_directory())
            fs::create_directories(target / relative);
        else if (!configsOnly || entry.path().extension() != ".safetensors")
            fs::copy_file(entry.path(), target / relative);
    }
    return QString::fromStdString(target.string());
}

QString joined(const std::vector<std::string>& lines)
{
    QStringList list;
    for (const auto& line : lines)
        list << QString::fromStdString(line);
    return list.join('\n');
}
} // namespace

class tst_EngineModelCheck : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void completeModelIsUsable()
    {
        const ModelCheck check = Engine::verifyModel(tiny2b());
        QVERIFY2(check.isUsable(), qPrintable(joined(check.problems)));
        QVERIFY(check.isModel);
        QCOMPARE(check.spec.frames.stepAt(49), 8);
        QCOMPARE(check.info.family, std::string("cogvideox")); // the family that recognised it described it
        QVERIFY(!check.info.displayName.empty());
    }

    void truncatedWeightsAreFoundBeforeARun()
    {
        const QString folder = copyOfTiny(m_dir, "truncated", false);
        QFile weights(folder + "/transformer/diffusion_pytorch_model.safetensors");
        QVERIFY(weights.resize(weights.size() / 2));
        const ModelCheck check = Engine::verifyModel(folder.toStdString());
        QVERIFY(check.isModel);
        QVERIFY(!check.isUsable());
        QVERIFY2(joined(check.problems).contains("transformer/diffusion_pytorch_model.safetensors"),
                 qPrintable(joined(check.problems)));
    }

    void configsWithoutWeightsAreNotUsable()
    {
        const QString folder = copyOfTiny(m_dir, "configs-only", true);
        const ModelCheck check = Engine::verifyModel(folder.toStdString());
        QVERIFY(check.isModel);
        QVERIFY(!check.isUsable());
        const QString problems = joined(check.problems);
        QVERIFY2(problems.contains("transformer/") && problems.contains("vae/") && problems.contains("missing"),
                 qPrintable(problems));
    }

    void missingComponentIsNamed()
    {
        const QString folder = copyOfTiny(m_dir, "no-vae", false);
        QVERIFY(QDir(folder + "/vae").removeRecursively());
        const ModelCheck check = Engine::verifyModel(folder.toStdString());
        QVERIFY(!check.isUsable());
        QVERIFY2(joined(check.problems).contains("vae/"), qPrintable(joined(check.problems)));
    }

    void notAModelSaysWhy()
    {
        const ModelCheck check = Engine::verifyModel(m_dir.filePath("nothing-here").toStdString());
        QVERIFY(!check.isModel);
        QCOMPARE(check.problems.size(), size_t(1));
    }

    void countsPromptTokensAgainstTheLimit()
    {
        const PromptTokenCount empty = Engine::countTokens(tiny2b(), "");
        QCOMPARE(empty.limit, 226);
        QCOMPARE(empty.count, 1); // </s> alone
        const PromptTokenCount fox = Engine::countTokens(tiny2b(), "a red fox trots through fresh snow");
        QVERIFY(fox.count > 3 && fox.count < 40);
        QVERIFY(!fox.isTruncated());
        std::string longPrompt;
        for (int i = 0; i < 120; ++i)
            longPrompt += "golden light, ";
        const PromptTokenCount tooLong = Engine::countTokens(tiny2b(), longPrompt);
        QVERIFY2(tooLong.count > 226, qPrintable(QString::number(tooLong.count)));
        QVERIFY(tooLong.isTruncated());
    }
};

FRAMESMITH_TEST_APPLESS_MAIN(tst_EngineModelCheck)

} // namespace tst_EngineModelCheck
#include "tst_EngineModelCheck.moc"
