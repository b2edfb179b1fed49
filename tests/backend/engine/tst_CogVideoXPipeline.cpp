// Every pipeline fixture (golden/<variant>/pipeline.safetensors) reproduced in float32 on the CPU:
// prompt ids/embeddings, timesteps, every per-step tensor, final latents and video, once replaying
// the recorded noise draws and once drawing from a CPU generator seeded as the metadata says.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "models/cogvideox/pipeline/CogVideoXPipeline.h"
#include "export/ImageFile.h"
#include "engine/PipelineCase.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>
#include <c10/core/InferenceMode.h>

namespace tst_CogVideoXPipeline {

using namespace framesmith;

namespace {

nlohmann::json metaOf(const SafetensorsReader& r)
{
    return nlohmann::json::parse(r.metadata().at("json"));
}

double atolFor(const std::string& name)
{
    if (name.find("guidance_scale") != std::string::npos)
        return 1e-12;
    if (name.find("input_ids") != std::string::npos || name.find("timestep") != std::string::npos)
        return 0;
    return 5e-4;
}

} // namespace

class TestCogVideoXPipeline : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void reproducesTheReference_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<bool>("useRecordedNoise");
        for (const char* v : {"tiny-2b", "tiny-5b", "tiny-5b-i2v", "tiny-1.5-i2v"}) {
            QTest::newRow((std::string(v) + " recorded noise").c_str()) << QString(v) << true;
            QTest::newRow((std::string(v) + " seeded generator").c_str()) << QString(v) << false;
        }
    }
    void reproducesTheReference()
    {
        QFETCH(QString, variant);
        QFETCH(bool, useRecordedNoise);
        const std::string casePath = test::cogvideoxFixture("golden/" + variant.toStdString() + "/pipeline.safetensors");
        SafetensorsReader golden(casePath);
        const auto meta = metaOf(golden);
        const std::string modelDir = test::cogvideoxFixture(meta["model_dir"].get<std::string>());
        PipelineCaseOptions options;
        options.useRecordedNoise = useRecordedNoise;
        auto port = PipelineCase::run(golden, meta, modelDir, options);
        int compared = 0;
        for (const auto& entry : golden.entries()) {
            auto it = port.find(entry.name);
            if (it == port.end())
                continue; // inputs and the I2V image tensors (checked below)
            FRAMESMITH_EXPECT_PARITY(entry.name, it->second, golden.view(entry.name), atolFor(entry.name));
            ++compared;
        }
        const int steps = meta["call"]["num_inference_steps"].get<int>();
        QVERIFY2(compared >= 7 + 6 * steps, ("only " + std::to_string(compared) + " tensors compared").c_str());
        QVERIFY(port.count("video") && port.count("final_latents"));
    }

    void imageConditioningMatches_data()
    {
        QTest::addColumn<QString>("variant");
        QTest::newRow("5b-i2v") << QString("tiny-5b-i2v");
        QTest::newRow("1.5-i2v") << QString("tiny-1.5-i2v");
    }
    void imageConditioningMatches()
    {
        QFETCH(QString, variant);
        c10::InferenceMode inference;
        const std::string dir = "golden/" + variant.toStdString() + "/";
        SafetensorsReader golden(test::cogvideoxFixture(dir + "pipeline.safetensors"));
        const auto meta = metaOf(golden);
        // The PNG decoded through FFmpeg is the reference's uint8 image, exactly.
        RgbImage png = ImageFile::read(test::cogvideoxFixture(dir + "image.png"));
        at::Tensor rgb = at::from_blob(png.rgb.data(), {png.height, png.width, 3}, at::kByte).clone();
        QVERIFY(at::equal(rgb, golden.view("image.uint8_hwc")));

        CogVideoXPipeline pipeline(test::cogvideoxFixture(meta["model_dir"].get<std::string>()), PipelineResources{});
        const GenerationRequest request = PipelineCase::requestFromMetadata(meta, pipeline.modelDir());
        pipeline.encodeText(request);
        RecordedNoise noise(PipelineCase::recordedDraws(golden));
        pipeline.prepareDenoising(request, rgb, golden.view("initial_latents"), noise);
        FRAMESMITH_EXPECT_PARITY("image.preprocessed", pipeline.preprocessedImage(), golden.view("image.preprocessed"), 1e-6);
        FRAMESMITH_EXPECT_PARITY("image_latents", pipeline.imageLatents(), golden.view("image_latents"), 1e-4);
        QCOMPARE(pipeline.geometry().additionalFrames, meta["discarded_leading_latent_frames"].get<int>());
        QCOMPARE(pipeline.geometry().paddedLatentFrames, meta["padded_latent_frames"].get<int>());
    }

    void rejectsInitialLatentsOfTheWrongShape()
    {
        c10::InferenceMode inference;
        SafetensorsReader golden(test::cogvideoxFixture("golden/tiny-2b/pipeline.safetensors"));
        const auto meta = metaOf(golden);
        CogVideoXPipeline pipeline(test::cogvideoxFixture("models/tiny-2b"), PipelineResources{});
        GenerationRequest request = PipelineCase::requestFromMetadata(meta, pipeline.modelDir());
        pipeline.encodeText(request);
        GeneratorNoise noise(1);
        QVERIFY_THROWS_EXCEPTION(ShapeError, pipeline.prepareDenoising(request, at::Tensor(), at::zeros({1, 2, 8, 8, 12}), noise));
        request.width = 100; // not a multiple of 16
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, pipeline.prepareDenoising(request, at::Tensor(), std::nullopt, noise));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestCogVideoXPipeline)

} // namespace tst_CogVideoXPipeline
#include "tst_CogVideoXPipeline.moc"
