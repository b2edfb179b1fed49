// Parity of the CogVideoX transformer with the reference fixtures (all variants, both latent sizes,
// every debug intermediate), RoPE tables, bf16 against fp32, and the failure paths.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"
#include "io/WeightSource.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <QtTest/QtTest>

#include <filesystem>
#include <vector>

namespace tst_CogVideoXTransformer3D {

using namespace framesmith;

namespace {

std::string modelDir(const QString& variant)
{
    return test::cogvideoxFixture("models/" + variant.toStdString() + "/transformer");
}

std::string casePath(const QString& variant, int index)
{
    return test::cogvideoxFixture("golden/" + variant.toStdString() + "/transformer_case" + std::to_string(index) +
                                  ".safetensors");
}

struct CaseRun {
    at::Tensor output;
    CogVideoXTransformer3D::DebugTensors debug;
};

std::optional<RotaryEmbedding> ropeFor(const CogVideoXTransformer3D& model, const at::Tensor& hidden)
{
    return model.rotaryEmbedding(static_cast<int>(hidden.size(3) * 8), static_cast<int>(hidden.size(4) * 8),
                                 static_cast<int>(hidden.size(1)));
}

CaseRun runCase(const CogVideoXTransformer3D& model, const SafetensorsReader& golden)
{
    at::Tensor hidden = golden.view("hidden_states");
    std::optional<at::Tensor> ofs;
    if (golden.find("ofs"))
        ofs = golden.view("ofs");
    CaseRun run;
    run.output = model.forwardWithDebug(hidden, golden.view("encoder_hidden_states"), golden.view("timestep"),
                                        ropeFor(model, hidden), ofs, run.debug);
    return run;
}

void addVariantRows()
{
    QTest::addColumn<QString>("variant");
    QTest::addColumn<int>("caseIndex");
    for (const char* v : {"tiny-2b", "tiny-5b", "tiny-5b-i2v", "tiny-1.5-i2v"})
        for (int i = 0; i < 2; ++i)
            QTest::newRow((std::string(v) + "/case" + std::to_string(i)).c_str()) << QString(v) << i;
}

} // namespace

class TestCogVideoXTransformer3D : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { at::set_num_threads(2); }

    void rotaryTablesMatchPipeline_data() { addVariantRows(); }
    void rotaryTablesMatchPipeline()
    {
        QFETCH(QString, variant);
        QFETCH(int, caseIndex);
        SafetensorsReader golden(casePath(variant, caseIndex));
        auto model = CogVideoXTransformer3D::load(modelDir(variant), at::kFloat, c10::Device(c10::kCPU));
        auto rope = ropeFor(*model, golden.view("hidden_states"));
        QCOMPARE(rope.has_value(), golden.find("image_rotary_emb.cos") != nullptr);
        if (!rope)
            return;
        FRAMESMITH_EXPECT_PARITY("image_rotary_emb.cos", rope->cos, golden.view("image_rotary_emb.cos"), 1e-6);
        FRAMESMITH_EXPECT_PARITY("image_rotary_emb.sin", rope->sin, golden.view("image_rotary_emb.sin"), 1e-6);
    }

    void forwardMatchesGoldenFp32_data() { addVariantRows(); }
    void forwardMatchesGoldenFp32()
    {
        QFETCH(QString, variant);
        QFETCH(int, caseIndex);
        SafetensorsReader golden(casePath(variant, caseIndex));
        auto model = CogVideoXTransformer3D::load(modelDir(variant), at::kFloat, c10::Device(c10::kCPU));
        CaseRun run = runCase(*model, golden);
        FRAMESMITH_EXPECT_PARITY("output", run.output, golden.view("output"), 1e-4);
        qInfo("%s", test::compareTensors("output", run.output, golden.view("output"), 1e-4).message.c_str());
        int compared = 0;
        for (const auto& entry : golden.entries()) {
            if (entry.name.rfind("debug.", 0) != 0)
                continue;
            const std::string name = entry.name.substr(6);
            QVERIFY2(run.debug.count(name), ("port produced no " + entry.name).c_str());
            const double atol = name == "pos_embedding" ? 1e-6 : 1e-4;
            FRAMESMITH_EXPECT_PARITY(entry.name, run.debug.at(name), golden.view(entry.name), atol);
            ++compared;
        }
        QVERIFY(compared >= 6);
    }

    // bf16 criterion: max |bf16 - fp32| <= 2e-2 * max |fp32| over the whole output.
    void bfloat16StaysCloseToFloat32_data() { addVariantRows(); }
    void bfloat16StaysCloseToFloat32()
    {
        QFETCH(QString, variant);
        QFETCH(int, caseIndex);
        SafetensorsReader golden(casePath(variant, caseIndex));
        auto fp32 = CogVideoXTransformer3D::load(modelDir(variant), at::kFloat, c10::Device(c10::kCPU));
        auto bf16 = CogVideoXTransformer3D::load(modelDir(variant), at::kBFloat16, c10::Device(c10::kCPU));
        at::Tensor reference = runCase(*fp32, golden).output;
        at::Tensor low = runCase(*bf16, golden).output;
        QCOMPARE(low.scalar_type(), at::kBFloat16);
        const double maxDiff = (low.to(at::kFloat) - reference).abs().max().item<double>();
        const double scale = reference.abs().max().item<double>();
        qInfo("max |bf16 - fp32| = %g, max |fp32| = %g", maxDiff, scale);
        QVERIFY2(maxDiff <= 2e-2 * scale, qPrintable(QString("max |bf16 - fp32| = %1, max |fp32| = %2")
                                                         .arg(maxDiff).arg(scale)));
    }

    void infiniteWeightsRaiseNumericalError()
    {
        SafetensorsReader golden(casePath("tiny-5b", 1));
        auto model = CogVideoXTransformer3D::load(modelDir("tiny-5b"), at::kFloat, c10::Device(c10::kCPU));
        for (auto& slot : model->parameters())
            if (slot.name == "transformer_blocks.1.ff.net.2.bias")
                slot.tensor->fill_(std::numeric_limits<float>::infinity());
        try {
            runCase(*model, golden);
            QFAIL("no NumericalError for an inf weight");
        } catch (const NumericalError& e) {
            QVERIFY2(QString(e.what()).contains("timestep 735"), e.what());
        }
    }

    void wrongShapeWeightsRaiseShapeErrorNamingTheTensor()
    {
        namespace fs = std::filesystem;
        const fs::path dir = fs::path(test::binaryDir()) / "tst_transformer_wrong_shape";
        fs::remove_all(dir);
        fs::create_directories(dir);
        fs::copy_file(modelDir("tiny-2b") + "/config.json", dir / "config.json");
        WeightSource source = WeightSource::open(modelDir("tiny-2b"));
        SafetensorsWriter writer;
        for (const auto& name : source.names())
            writer.add(name, name == "transformer_blocks.1.attn1.to_k.weight" ? at::zeros({64, 48}) : source.view(name));
        writer.write((dir / "diffusion_pytorch_model.safetensors").string());
        try {
            CogVideoXTransformer3D::load(dir.string(), at::kFloat, c10::Device(c10::kCPU));
            QFAIL("no ShapeError for a wrong-shaped weight");
        } catch (const ShapeError& e) {
            QVERIFY2(QString(e.what()).contains("transformer_blocks.1.attn1.to_k.weight"), e.what());
            QVERIFY2(QString(e.what()).contains("[64, 48]"), e.what());
        }
        fs::remove_all(dir);
    }

    void blockCallbackSeesEveryBlockInOrder()
    {
        SafetensorsReader golden(casePath("tiny-2b", 1));
        auto model = CogVideoXTransformer3D::load(modelDir("tiny-2b"), at::kFloat, c10::Device(c10::kCPU));
        std::vector<std::pair<int, bool>> calls;
        model->setBlockCallback([&](int i, bool before) { calls.emplace_back(i, before); });
        runCase(*model, golden);
        const std::vector<std::pair<int, bool>> expected{{0, true}, {0, false}, {1, true}, {1, false}};
        QVERIFY(calls == expected);
        QCOMPARE(model->transformerBlocks().size(), std::size_t(2));
    }

    void cancelTokenStopsBetweenBlocks()
    {
        SafetensorsReader golden(casePath("tiny-2b", 1));
        auto model = CogVideoXTransformer3D::load(modelDir("tiny-2b"), at::kFloat, c10::Device(c10::kCPU));
        CancelToken token;
        model->setCancelToken(&token);
        int blocksStarted = 0;
        model->setBlockCallback([&](int, bool before) {
            if (before && ++blocksStarted == 1)
                token.request(CancelMode::StopNow);
        });
        QVERIFY_THROWS_EXCEPTION(CancelledError, runCase(*model, golden));
        QCOMPARE(blocksStarted, 1);
    }

    void chunkedAttentionGivesTheSameOutput()
    {
        SafetensorsReader golden(casePath("tiny-5b", 0));
        auto model = CogVideoXTransformer3D::load(modelDir("tiny-5b"), at::kFloat, c10::Device(c10::kCPU));
        AttentionOptions tiny;
        tiny.scoreBudgetBytes = 4096; // forces row chunks of a single head
        tiny.kernel = AttentionKernel::Chunked;
        model->setAttentionOptions(tiny);
        FRAMESMITH_EXPECT_PARITY("output", runCase(*model, golden).output, golden.view("output"), 1e-4);
    }

    void learnedPositionsRejectOtherResolutions()
    {
        auto model = CogVideoXTransformer3D::load(modelDir("tiny-5b-i2v"), at::kFloat, c10::Device(c10::kCPU));
        at::Tensor hidden = at::zeros({1, 3, 16, 6, 12});
        auto rope = ropeFor(*model, hidden);
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError,
                                 model->forward(hidden, at::zeros({1, 226, 32}), at::full({1}, 500, at::kLong), rope, {}));
    }

    void rejectsBadInputShapes()
    {
        auto model = CogVideoXTransformer3D::load(modelDir("tiny-1.5-i2v"), at::kFloat, c10::Device(c10::kCPU));
        at::Tensor odd = at::zeros({1, 3, 16, 8, 12}); // 3 frames: not a multiple of patch_size_t 2
        at::Tensor text = at::zeros({1, 226, 32});
        at::Tensor t = at::full({1}, 10, at::kLong);
        at::Tensor ofs = at::full({1}, 2.0);
        QVERIFY_THROWS_EXCEPTION(ShapeError, model->forward(odd, text, t, ropeFor(*model, odd), ofs));
        at::Tensor good = at::zeros({1, 2, 16, 8, 12});
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, model->forward(good, text, t, ropeFor(*model, good), {}));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, model->rotaryEmbedding(8 * 2 * 10, 8 * 2 * 4, 2));
        QVERIFY_THROWS_EXCEPTION(ShapeError, model->forward(good, at::zeros({1, 226, 16}), t, ropeFor(*model, good), ofs));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXTransformer3D)

} // namespace tst_CogVideoXTransformer3D
#include "tst_CogVideoXTransformer3D.moc"
