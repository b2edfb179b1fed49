// The planner's view of Wan from configs alone: the parameter counts of the six full-size repos
// against full-size-configs/param_counts.json (exact, per component and in bytes), the tiny
// checkpoints' tensors against their footprint (component, base and per-block bytes), and requests
// the model cannot take refused before any arithmetic.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/T5MemoryModel.h"
#include "models/wan/planning/WanComponentCounts.h"
#include "models/wan/planning/WanPlanning.h"
#include "models/wan/planning/WanPlanningFactory.h"
#include "models/wan/planning/WanTransformerParameterCount.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <map>

namespace tst_WanPlanning {

using namespace framesmith;

namespace {

std::string fullSize(const std::string& repo) { return test::fixturesDir() + "/wan/full-size-configs/" + repo; }

nlohmann::json paramCounts()
{
    std::ifstream in(test::fixturesDir() + "/wan/full-size-configs/param_counts.json");
    return nlohmann::json::parse(in);
}

MemoryPreset nativePreset(ComputeDtype dtype)
{
    MemoryPreset p;
    p.dtype = dtype;
    p.weightStorage = WeightStorage::Native;
    return p;
}

std::int64_t elements(const TensorEntry& t)
{
    std::int64_t n = 1;
    for (std::int64_t d : t.shape)
        n *= d;
    return n;
}

// Element counts of every safetensors file in `folder`: all, and per block index (blocks.N.*).
struct FileCounts {
    std::int64_t total = 0;
    std::map<int, std::int64_t> blocks;
};

FileCounts countFiles(const std::string& folder)
{
    FileCounts counts;
    for (const auto& file : std::filesystem::directory_iterator(folder)) {
        if (file.path().extension() != ".safetensors")
            continue;
        const SafetensorsReader reader(file.path().string());
        for (const TensorEntry& t : reader.entries()) {
            counts.total += elements(t);
            if (t.name.rfind("blocks.", 0) == 0)
                counts.blocks[std::stoi(t.name.substr(7))] += elements(t);
        }
    }
    return counts;
}

GenerationRequest request(int width, int height, int frames)
{
    GenerationRequest r;
    r.width = width;
    r.height = height;
    r.frameCount = frames;
    return r;
}

} // namespace

class TestWanPlanning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fullSizeCountsAreExact_data()
    {
        QTest::addColumn<QString>("repo");
        const nlohmann::json counts = paramCounts(); // alive through the loop
        for (const auto& model : counts.at("models").items())
            QTest::newRow(model.key().c_str()) << QString::fromStdString(model.key());
    }
    void fullSizeCountsAreExact()
    {
        QFETCH(QString, repo);
        const nlohmann::json want = paramCounts().at("models").at(repo.toStdString());
        const std::string folder = fullSize(repo.toStdString());
        const WanPlanning planning = WanPlanning::fromFolder(folder);
        const auto& c = planning.configs();

        QCOMPARE(WanTransformerParameterCount::fromConfig(c.transformer).stateDictElements(),
                 want.at("transformer_parameters").get<std::int64_t>());
        QCOMPARE(c.transformer2.has_value(), want.at("transformers").get<int>() == 2);
        if (c.transformer2)
            QCOMPARE(WanTransformerParameterCount::fromConfig(*c.transformer2).stateDictElements(),
                     want.at("transformer_parameters").get<std::int64_t>());
        QCOMPARE(T5MemoryModel::parameterElements(c.textEncoder), want.at("text_encoder_parameters").get<std::int64_t>());
        QCOMPARE(WanComponentCounts::vae(c.vae).total(), want.at("vae_parameters").get<std::int64_t>());

        // Bytes as the footprint lists them: bf16 text encoder, image encoder and transformers, fp32 VAE.
        const ModelFootprint bf16 = planning.footprint(nativePreset(ComputeDtype::BFloat16));
        QCOMPARE(bf16.find("text_encoder")->bytes(), want.at("bytes_bf16_text_encoder").get<std::int64_t>());
        QCOMPARE(bf16.bytesOf(ComponentRole::Denoiser), want.at("bytes_bf16_transformers").get<std::int64_t>());
        QCOMPARE(bf16.find("image_encoder") != nullptr, want.contains("image_encoder_parameters"));
        if (want.contains("image_encoder_parameters"))
            QCOMPARE(bf16.find("image_encoder")->bytes(), want.at("bytes_bf16_image_encoder").get<std::int64_t>());
        QCOMPARE(planning.footprint(nativePreset(ComputeDtype::Float32)).find("vae")->bytes(),
                 want.at("bytes_fp32_vae").get<std::int64_t>());
        // Components in stage order under the diffusers folder names; blocks "blocks.N".
        std::vector<std::string> names;
        for (const auto& component : bf16.components)
            names.push_back(component.name);
        std::vector<std::string> expected{"text_encoder"};
        if (want.contains("image_encoder_parameters"))
            expected.push_back("image_encoder");
        expected.push_back("transformer");
        if (c.transformer2)
            expected.push_back("transformer_2");
        expected.push_back("vae");
        QCOMPARE(names, expected);
        QCOMPARE(bf16.find("transformer")->blocks.key, std::string("blocks"));
        QCOMPARE(bf16.find("transformer")->blocks.blockCount, static_cast<int>(c.transformer.numLayers));
    }

    void vaeHalvesMatch()
    {
        const nlohmann::json want = paramCounts().at("vae");
        const auto v21 = WanComponentCounts::vae(WanPlanning::fromFolder(fullSize("Wan-AI/Wan2.1-T2V-14B-Diffusers")).configs().vae);
        QCOMPARE(v21.encoder, want.at("wan2.1").at("encoder").get<std::int64_t>());
        QCOMPARE(v21.decoder, want.at("wan2.1").at("decoder").get<std::int64_t>());
        const auto v22 = WanComponentCounts::vae(WanPlanning::fromFolder(fullSize("Wan-AI/Wan2.2-TI2V-5B-Diffusers")).configs().vae);
        QCOMPARE(v22.encoder, want.at("wan2.2").at("encoder").get<std::int64_t>());
        QCOMPARE(v22.decoder, want.at("wan2.2").at("decoder").get<std::int64_t>());
    }

    // fp8/int8 block storage: one byte per block matrix element and a float32 scale per row.
    void quantizedBlocksAreNarrower()
    {
        const WanPlanning planning = WanPlanning::fromFolder(fullSize("Wan-AI/Wan2.1-T2V-14B-Diffusers"));
        MemoryPreset fp8 = nativePreset(ComputeDtype::BFloat16);
        fp8.weightStorage = WeightStorage::Float8;
        const BlockStructure native = planning.footprint(nativePreset(ComputeDtype::BFloat16)).find("transformer")->blocks;
        const BlockStructure narrow = planning.footprint(fp8).find("transformer")->blocks;
        const TransformerCount n = WanTransformerParameterCount::fromConfig(planning.configs().transformer);
        QCOMPARE(narrow.blockBytes, (n.perBlockElements - n.perBlockMatrixElements) * 2 + n.perBlockMatrixElements +
                                        n.perBlockMatrixRows * 4);
        QVERIFY(narrow.blockBytes * 10 < native.blockBytes * 6);
        QVERIFY(narrow.widenBytes >= n.perBlockMatrixElements * 2);
    }

    void tinyFootprintsMatchTheirFiles_data()
    {
        QTest::addColumn<QString>("variant");
        for (const char* v : {"wan2.1-t2v", "wan2.1-i2v", "wan2.2-ti2v", "wan2.2-a14b", "wan2.2-i2v-a14b"})
            QTest::newRow(v) << QString(v);
    }
    void tinyFootprintsMatchTheirFiles()
    {
        QFETCH(QString, variant);
        const std::string folder = test::fixturesDir() + "/wan/models/" + variant.toStdString();
        const auto planning = createWanPlanning(folder);
        const ModelFootprint f = planning->footprint(nativePreset(ComputeDtype::Float32));
        for (const ComponentFootprint& component : f.components) {
            const FileCounts files = countFiles(folder + "/" + component.name);
            QVERIFY2(files.total > 0, component.name.c_str());
            QCOMPARE(component.bytes() - component.bufferBytes, files.total * 4);
            if (!component.hasBlocks())
                continue;
            QCOMPARE(component.blocks.blockCount, static_cast<int>(files.blocks.size()));
            for (const auto& [index, count] : files.blocks)
                QCOMPARE(component.blocks.blockBytes, count * 4);
        }
        QCOMPARE(f.find("transformer_2") != nullptr, std::filesystem::exists(folder + "/transformer_2"));
        QCOMPARE(f.find("image_encoder") != nullptr, std::filesystem::exists(folder + "/image_encoder"));
    }

    void refusesRequestsBeforeArithmetic_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("frames");
        QTest::newRow("frames not 4k + 1") << "wan2.1-t2v" << 832 << 480 << 80;
        QTest::newRow("no frames") << "wan2.1-t2v" << 832 << 480 << 0;
        QTest::newRow("width off the 16 grid") << "wan2.1-t2v" << 840 << 480 << 81;
        QTest::newRow("height zero") << "wan2.1-t2v" << 832 << 0 << 81;
        QTest::newRow("TI2V width off the 32 grid") << "wan2.2-ti2v" << 848 << 480 << 81;
        QTest::newRow("beyond rope_max_seq_len") << "wan2.1-t2v" << 16 * 1025 << 480 << 81;
    }
    void refusesRequestsBeforeArithmetic()
    {
        QFETCH(QString, variant);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, frames);
        const auto planning = createWanPlanning(test::fixturesDir() + "/wan/models/" + variant.toStdString());
        const GenerationRequest r = request(width, height, frames);
        const MemoryPreset preset = nativePreset(ComputeDtype::BFloat16);
        auto refused = [](const auto& call) {
            try {
                call();
            } catch (const InvalidRequestError& e) {
                return e.field() == "request";
            }
            return false;
        };
        QVERIFY(refused([&] { planning->textEncodeBytes(r, ComputeDtype::BFloat16); }));
        QVERIFY(refused([&] { planning->denoiseBytes(r, 1, ComputeDtype::BFloat16, AttentionPath::Fused); }));
        QVERIFY(refused([&] { planning->denoiseFlops(r, 1); }));
        QVERIFY(refused([&] { planning->denoiseSequenceLength(r); }));
        QVERIFY(refused([&] { planning->vaeDecodeBytes(r, preset, false); }));
    }

    void tokenCounts()
    {
        // 2.1: 81 frames 832 x 480 -> latents 21 x 60 x 104, patches 21 x 30 x 52; + 512 text rows.
        const auto t2v = createWanPlanning(fullSize("Wan-AI/Wan2.1-T2V-1.3B-Diffusers"));
        QCOMPARE(t2v->denoiseSequenceLength(request(832, 480, 81)), 21ll * 30 * 52 + 512);
        // TI2V-5B: 121 frames 1280 x 704 -> latents 31 x 44 x 80 (16x VAE), patches 31 x 22 x 40.
        const auto ti2v = createWanPlanning(fullSize("Wan-AI/Wan2.2-TI2V-5B-Diffusers"));
        QCOMPARE(ti2v->denoiseSequenceLength(request(1280, 704, 121)), 31ll * 22 * 40 + 512);
        // Wan 2.1 I2V: 257 CLIP rows before the text.
        const auto i2v = createWanPlanning(fullSize("Wan-AI/Wan2.1-I2V-14B-480P-Diffusers"));
        QCOMPARE(i2v->denoiseSequenceLength(request(832, 480, 81)), 21ll * 30 * 52 + 512 + 257);
        // Guidance is two calls: twice the work of one, the working set of one.
        const GenerationRequest r = request(832, 480, 81);
        QCOMPARE(t2v->denoiseFlops(r, 2), 2 * t2v->denoiseFlops(r, 1));
        QCOMPARE(t2v->denoiseBytes(r, 2, ComputeDtype::BFloat16, AttentionPath::Fused),
                 t2v->denoiseBytes(r, 1, ComputeDtype::BFloat16, AttentionPath::Fused));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanPlanning)

} // namespace tst_WanPlanning
#include "tst_WanPlanning.moc"
