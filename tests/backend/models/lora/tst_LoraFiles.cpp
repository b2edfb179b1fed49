// The door's LoRA files (framesmith/LoraFiles.h), what the studio's LoRA panel shows: a kohya file's
// training notes from its header, a full checkpoint refused naming it, Wan 2.2 A14B's high/low-noise
// pairs recognised by their published names, the files of the usual folders, and which models take
// a LoRA per expert.
#include "framesmith/DataFolders.h"
#include "framesmith/Error.h"
#include "framesmith/LoraFiles.h"
#include "io/SafetensorsWriter.h"
#include "support/LoraFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest/QtTest>

namespace tst_LoraFiles {

using namespace framesmith;

class tst_LoraFiles : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    std::string touch(const QString& relative)
    {
        const QString path = m_dir.filePath(relative);
        QDir().mkpath(QFileInfo(path).absolutePath());
        QFile file(path);
        file.open(QIODevice::WriteOnly);
        return path.toStdString();
    }

private Q_SLOTS:
    void describesAKohyaFileFromItsHeader()
    {
        SafetensorsWriter writer;
        writer.add("lora_unet_blocks_0_ffn_0.lora_down.weight", at::ones({2, 8}));
        writer.add("lora_unet_blocks_0_ffn_0.lora_up.weight", at::ones({8, 2}));
        writer.add("lora_unet_blocks_0_ffn_0.alpha", at::scalar_tensor(2.0));
        writer.add("lora_unet_blocks_1_ffn_0.lora_down.weight", at::ones({4, 8}));
        writer.add("lora_unet_blocks_1_ffn_0.lora_up.weight", at::ones({8, 4}));
        writer.setMetadata("ss_base_model_version", "wan_t2v_14B");
        writer.setMetadata("ss_network_dim", "16");
        writer.setMetadata("ss_network_alpha", "8");
        writer.setMetadata("ss_output_name", "zorb");
        writer.setMetadata("ss_tag_frequency", R"({"10_zorb": {"zorb style": 10, "cat": 3}})");
        const std::string path = m_dir.filePath("zorb.safetensors").toStdString();
        writer.write(path);

        const LoraFileSummary s = describeLoraFile(path);
        QCOMPARE(QString::fromStdString(s.layout), QString("kohya (lora_unet_)"));
        QCOMPARE(s.moduleCount, std::int64_t(2));
        QCOMPARE(s.tensorCount, std::int64_t(5));
        QCOMPARE(s.ranks, (std::vector<std::int64_t>{2, 4}));
        QCOMPARE(s.fileBytes, std::uint64_t(QFileInfo(QString::fromStdString(path)).size()));
        QCOMPARE(QString::fromStdString(s.title), QString("zorb"));
        QCOMPARE(QString::fromStdString(s.baseModel), QString("wan_t2v_14B"));
        QCOMPARE(QString::fromStdString(s.networkDim), QString("16"));
        QCOMPARE(QString::fromStdString(s.networkAlpha), QString("8"));
        QCOMPARE(s.triggerWords.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(s.triggerWords[0].first), QString("zorb style"));
    }

    void describesTheFixtureInDiffusersLayout()
    {
        const LoraFileSummary s = describeLoraFile(test::loraFixture("loras/cog_peft_r4.safetensors"));
        QCOMPARE(QString::fromStdString(s.layout), QString("diffusers/PEFT"));
        QCOMPARE(s.ranks, (std::vector<std::int64_t>{4}));
        QVERIFY(s.moduleCount > 0);
    }

    void refusesAFullCheckpointNamingIt()
    {
        const std::string path = test::loraFixture("bad/full_checkpoint.safetensors");
        try {
            describeLoraFile(path);
            QFAIL("a full checkpoint was described as a LoRA");
        } catch (const FileError& e) {
            const QString message = QString::fromStdString(e.what());
            QVERIFY2(message.contains("full_checkpoint.safetensors") && message.contains("is not a LoRA"),
                     qPrintable(message));
        }
    }

    void recognisesPublishedPairNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expert");
        QTest::addColumn<QString>("partner");
        QTest::newRow("lightx2v folder") << "high_noise_model.safetensors" << "high" << "low_noise_model.safetensors";
        QTest::newRow("lightx2v file") << "wan2.2_t2v_lightx2v_4steps_lora_v1.1_low_noise.safetensors" << "low"
                                       << "wan2.2_t2v_lightx2v_4steps_lora_v1.1_high_noise.safetensors";
        QTest::newRow("Kijai") << "Wan2.2-Lightning_T2V-A14B-4steps-lora_HIGH_fp16.safetensors" << "high"
                               << "Wan2.2-Lightning_T2V-A14B-4steps-lora_LOW_fp16.safetensors";
        QTest::newRow("Civitai") << "orbit_shot_LowNoise.safetensors" << "low" << "orbit_shot_HighNoise.safetensors";
        QTest::newRow("no expert") << "highland_style.safetensors" << "" << "";
        QTest::newRow("both words") << "high_to_low_pan.safetensors" << "" << "";
    }
    void recognisesPublishedPairNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, expert);
        QFETCH(QString, partner);
        const QString folder = QStringLiteral("pairs/") + QString(QTest::currentDataTag()).replace(' ', '_') + '/';
        const std::string path = touch(folder + name);
        QCOMPARE(QString::fromStdString(loraExpertFromName(path)), expert);
        QCOMPARE(QString::fromStdString(loraPairPartner(path)), QString()); // not there yet
        if (partner.isEmpty())
            return;
        const std::string other = touch(folder + partner);
        QCOMPARE(QString::fromStdString(loraPairPartner(path)), QString::fromStdString(other));
        QCOMPARE(QString::fromStdString(loraPairPartner(other)), QString::fromStdString(path));
    }

    void findsTheFilesOfTheUsualFolders()
    {
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath("data").toUtf8());
        const std::string inRoot = touch("data/loras/style.safetensors");
        touch("data/loras/notes.txt");
        const std::string high = touch("comfy/models/loras/speed_high_noise.safetensors");
        const std::string low = touch("comfy/models/loras/speed_low_noise.safetensors");
        const std::string comfy = m_dir.filePath("comfy/models/loras").toStdString();
        const std::vector<std::string> folders = loraFolders({comfy, comfy, m_dir.filePath("gone").toStdString()});
        QCOMPARE(folders.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(folders.front()), QString::fromStdString(dataFolder("loras")));
        const std::vector<LoraFileEntry> found = findLoraFiles(folders);
        QCOMPARE(found.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(found[0].path), QString::fromStdString(inRoot));
        QCOMPARE(QString::fromStdString(found[1].path), QString::fromStdString(high));
        QCOMPARE(QString::fromStdString(found[1].expert), QString("high"));
        QCOMPARE(QString::fromStdString(found[1].partner), QString::fromStdString(low));
        QCOMPARE(QString::fromStdString(found[2].partner), QString::fromStdString(high));
        qunsetenv("FRAMESMITH_DATA_DIR");
    }

    void saysWhichModelsTakeALoraPerExpert()
    {
        QVERIFY(loraExpertsOf("").empty());
        QVERIFY(loraExpertsOf(m_dir.filePath("no-model").toStdString()).empty());
        QVERIFY(loraExpertsOf(test::fixturesDir() + "/cogvideox/models/tiny-2b").empty());
        QCOMPARE(loraExpertsOf(test::fixturesDir() + "/wan/models/wan2.2-a14b"), (std::vector<std::string>{"high", "low"}));
    }

    void locatesAFileOrNamesTheMissingOne()
    {
        LoraSpec spec;
        spec.file = test::loraFixture("loras/cog_peft_r4.safetensors");
        QCOMPARE(QString::fromStdString(locateLoraFile(spec)), QString::fromStdString(spec.file));
        spec.file = m_dir.filePath("moved/gone.safetensors").toStdString();
        spec.sha256 = std::string(64, 'a');
        try {
            locateLoraFile(spec);
            QFAIL("a missing LoRA was found");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("gone.safetensors"), e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_LoraFiles)

} // namespace tst_LoraFiles
#include "tst_LoraFiles.moc"
