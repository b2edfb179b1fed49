// WanTransformer3DModel against the 11 reference forwards (diffusers 0.36, float32): the output and
// every debug tap at the fixtures' tolerances (5e-5, RoPE tables 1e-6), over Wan 2.1 T2V, Wan 2.2
// TI2V (per-token timesteps), both A14B experts, the 36-channel I2V input and Wan 2.1 I2V's image
// rows; and the refusals that come before any block runs.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/wan/transformer/WanTransformer3DModel.h"
#include "support/TensorParity.h"
#include "WanFixtures.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

#include <filesystem>
#include <fstream>
#include <unistd.h> // ::getpid (GCC 14's headers do not bring it along)

namespace tst_WanTransformer3DModel {

using namespace framesmith;

namespace {

constexpr double kAtol = 5e-5;     // README: transformer output and taps
constexpr double kRopeAtol = 1e-6; // README: tap_rope_*

std::string casePath(const std::string& name) { return test::wanFixture("golden/transformer/" + name + ".safetensors"); }

std::shared_ptr<WanTransformer3DModel> modelFor(const SafetensorsReader& golden)
{
    const std::string dir = test::wanMetadata(golden).at("model_dir").get<std::string>();
    return WanTransformer3DModel::load(test::wanFixture(dir), at::kFloat, at::kCPU);
}

WanTransformerInputs inputsOf(const SafetensorsReader& golden)
{
    WanTransformerInputs in;
    in.hiddenStates = golden.view("hidden_states");
    in.timestep = golden.view("timestep");
    in.encoderHiddenStates = golden.view("encoder_hidden_states");
    if (golden.find("encoder_hidden_states_image"))
        in.encoderHiddenStatesImage = golden.view("encoder_hidden_states_image");
    return in;
}

std::string tempDir(const std::string& name)
{
    const auto dir = std::filesystem::temp_directory_path() / ("framesmith-wan-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return dir.string();
}

} // namespace

class TestWanTransformer3DModel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesReferenceForward_data()
    {
        QTest::addColumn<QString>("name");
        for (const char* name : {"wan2.1-t2v_case0", "wan2.1-t2v_case1", "wan2.1-t2v_case2", "wan2.2-ti2v_case0",
                                 "wan2.2-ti2v_case1", "wan2.2-ti2v_case2", "wan2.2-a14b_case0", "wan2.2-a14b_case1",
                                 "wan2.2-i2v-a14b_case0", "wan2.2-i2v-a14b_case1", "wan2.1-i2v_case0"})
            QTest::newRow(name) << QString(name);
    }

    void matchesReferenceForward()
    {
        QFETCH(QString, name);
        SafetensorsReader golden(casePath(name.toStdString()));
        auto model = modelFor(golden);
        WanTransformer3DModel::DebugTensors debug;
        const at::Tensor output = model->forwardWithDebug(inputsOf(golden), debug);
        FRAMESMITH_EXPECT_PARITY("output", output, golden.view("output"), kAtol);
        qInfo("%s", test::compareTensors("output", output, golden.view("output"), kAtol).message.c_str());
        int taps = 0;
        for (const auto& entry : golden.entries()) {
            if (entry.name.rfind("tap_", 0) != 0)
                continue;
            const std::string tap = entry.name.substr(4);
            QVERIFY2(debug.count(tap), ("the port has no tap " + tap).c_str());
            const double atol = tap.rfind("rope_", 0) == 0 ? kRopeAtol : kAtol;
            FRAMESMITH_EXPECT_PARITY(entry.name, debug.at(tap), golden.view(entry.name), atol);
            ++taps;
        }
        QVERIFY(taps >= 9);
    }

    void perTokenTimestepsEqualToOneTimestepAgree()
    {
        // wan2.2-ti2v_case1 gives every token t = 333 (T2V with expand_timesteps): the 1-D path with
        // t = 333 must give the same output (the per-token modulation is the same table per token).
        SafetensorsReader golden(casePath("wan2.2-ti2v_case1"));
        auto model = modelFor(golden);
        WanTransformerInputs in = inputsOf(golden);
        QCOMPARE(in.timestep.dim(), 2);
        in.timestep = at::full({in.timestep.size(0)}, 333.0, at::kFloat);
        FRAMESMITH_EXPECT_PARITY("output (1-D t)", model->forward(in), golden.view("output"), kAtol);
    }

    void frameZeroTimestepChangesOnlyModulation()
    {
        // wan2.2-ti2v_case0 (I2V): t = 0 on frame 0's tokens. Feeding t = 800 everywhere must differ
        // clearly, so the test above is not blind to the per-token path.
        SafetensorsReader golden(casePath("wan2.2-ti2v_case0"));
        auto model = modelFor(golden);
        WanTransformerInputs in = inputsOf(golden);
        in.timestep = at::full_like(in.timestep, 800.0);
        const double diff = (model->forward(in) - golden.view("output")).abs().max().item<double>();
        QVERIFY2(diff > 1e-2, std::to_string(diff).c_str());
    }

    void refusesInputsThatAreNotWholePatches()
    {
        SafetensorsReader golden(casePath("wan2.1-t2v_case0"));
        auto model = modelFor(golden);
        WanTransformerInputs in = inputsOf(golden);
        in.hiddenStates = in.hiddenStates.narrow(4, 0, 11); // W = 11: not a multiple of p_w = 2
        QVERIFY_EXCEPTION_THROWN(model->forward(in), ShapeError);
        in = inputsOf(golden);
        in.timestep = at::full({1, 5}, 500.0); // neither [B] nor [B, seq]
        QVERIFY_EXCEPTION_THROWN(model->forward(in), ShapeError);
    }

    void imageModelNeedsImageRows()
    {
        SafetensorsReader golden(casePath("wan2.1-i2v_case0"));
        auto model = modelFor(golden);
        WanTransformerInputs in = inputsOf(golden);
        in.encoderHiddenStatesImage = at::Tensor();
        QVERIFY_EXCEPTION_THROWN(model->forward(in), ShapeError);
        SafetensorsReader t2v(casePath("wan2.1-t2v_case0"));
        auto textOnly = modelFor(t2v);
        WanTransformerInputs withImage = inputsOf(t2v);
        withImage.encoderHiddenStatesImage = at::zeros({1, 17, 24});
        QVERIFY_EXCEPTION_THROWN(textOnly->forward(withImage), ShapeError);
    }

    void refusesACheckpointOfAnotherShape()
    {
        // The T2V config with I2V's 36 input channels: patch_embedding.weight no longer fits.
        const std::string dir = tempDir("misshapen");
        std::filesystem::copy_file(test::wanFixture("models/wan2.1-t2v/transformer/diffusion_pytorch_model.safetensors"),
                                   dir + "/diffusion_pytorch_model.safetensors",
                                   std::filesystem::copy_options::overwrite_existing);
        std::ifstream in(test::wanFixture("models/wan2.1-t2v/transformer/config.json"));
        nlohmann::json config = nlohmann::json::parse(in);
        config["in_channels"] = 36;
        std::ofstream(dir + "/config.json") << config.dump();
        try {
            WanTransformer3DModel::load(dir, at::kFloat, at::kCPU);
            QFAIL("a checkpoint of another shape loaded");
        } catch (const ShapeError& e) {
            QVERIFY2(std::string(e.what()).find("patch_embedding.weight") != std::string::npos, e.what());
        }
        std::filesystem::remove_all(dir);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestWanTransformer3DModel)

} // namespace tst_WanTransformer3DModel
#include "tst_WanTransformer3DModel.moc"
