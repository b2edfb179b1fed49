// framesmith-cli end to end: make-demo-model + generate + decode, generate from every fixture model,
// `generate --seed` drawing the reference generator's noise, eval pipeline/scheduler (the refusals:
// tst_CliInputChecks).
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "support/TensorParity.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <fstream>
#include <limits>
#include <regex>
#include <set>

namespace tst_FramesmithCli {

using namespace framesmith;

namespace {

struct Run {
    int exitCode = -1;
    QString output;
};

Run cli(const QStringList& args, const QProcessEnvironment& environment = QProcessEnvironment::systemEnvironment())
{
    QProcess p;
    p.setProcessEnvironment(environment);
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start(QString::fromStdString(test::binaryDir() + "/bin/framesmith-cli"), args);
    p.waitForFinished(300000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAll())};
}

QString fixture(const std::string& relative)
{
    return QString::fromStdString(test::cogvideoxFixture(relative));
}

nlohmann::json metaOf(const SafetensorsReader& r)
{
    return nlohmann::json::parse(r.metadata().at("json"));
}

// The case's call as generate flags.
QStringList flagsFor(const nlohmann::json& meta, const std::string& variant)
{
    const auto& call = meta["call"];
    std::smatch m;
    const std::string generator = call["generator"].get<std::string>();
    std::regex_search(generator, m, std::regex("manual_seed\\((\\d+)\\)"));
    QStringList flags = {"--model", fixture(meta["model_dir"].get<std::string>()),
                         "--prompt", QString::fromStdString(call["prompt"].get<std::string>()),
                         "--negative-prompt", QString::fromStdString(call["negative_prompt"].get<std::string>()),
                         "--width", QString::number(call["width"].get<int>()),
                         "--height", QString::number(call["height"].get<int>()),
                         "--frames", QString::number(call["num_frames"].get<int>()),
                         "--steps", QString::number(call["num_inference_steps"].get<int>()),
                         "--guidance", QString::number(call["guidance_scale"].get<double>()),
                         "--seed", QString::fromStdString(m[1].str()), "--quiet"};
    if (call["use_dynamic_cfg"].get<bool>())
        flags << "--dynamic-guidance";
    if (!call["image"].is_null())
        flags << "--image" << fixture("golden/" + variant + "/image.png");
    return flags;
}

} // namespace

class TestFramesmithCli : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString path(const QString& name) const { return m_dir.filePath(name); }

private Q_SLOTS:
    void demoModelGeneratesAndDecodesAgain()
    {
        Run made = cli({"make-demo-model", path("demo")});
        QVERIFY2(made.exitCode == 0, qPrintable(made.output));
        std::ifstream index(path("demo/model_index.json").toStdString());
        QVERIFY(nlohmann::json::parse(index).value("_framesmith_demo", false));

        Run gen = cli({"generate", "--model", path("demo"), "--prompt", "a panda playing guitar", "--frames", "9",
                       "--width", "192", "--height", "128", "--steps", "4", "--seed", "3", "--out",
                       path("demo.safetensors"), "--save-latents", path("demo.latents.safetensors")});
        QVERIFY2(gen.exitCode == 0, qPrintable(gen.output));
        at::Tensor frames = SafetensorsReader(path("demo.safetensors").toStdString()).view("frames").clone();
        QCOMPARE(frames.sizes().vec(), (std::vector<std::int64_t>{9, 3, 128, 192}));
        QVERIFY(frames.min().item<float>() >= 0.0f && frames.max().item<float>() <= 1.0f);

        Run dec = cli({"decode", path("demo.latents.safetensors"), "--no-tiling", "--out", path("again.safetensors")});
        QVERIFY2(dec.exitCode == 0, qPrintable(dec.output));
        at::Tensor again = SafetensorsReader(path("again.safetensors").toStdString()).view("frames");
        QVERIFY(at::equal(again, frames));
        Run tiled = cli({"decode", path("demo.latents.safetensors"), "--tile-height", "64", "--tile-width", "96",
                         "--out", path("tiled.safetensors")});
        QVERIFY2(tiled.exitCode == 0, qPrintable(tiled.output));
    }

    void generatesFromEveryFixtureModel_data()
    {
        QTest::addColumn<QString>("variant");
        for (const char* v : {"tiny-2b", "tiny-5b", "tiny-5b-i2v", "tiny-1.5-i2v"})
            QTest::newRow(v) << QString(v);
    }
    void generatesFromEveryFixtureModel()
    {
        QFETCH(QString, variant);
        SafetensorsReader golden(fixture("golden/" + variant.toStdString() + "/pipeline.safetensors").toStdString());
        const auto meta = metaOf(golden);
        QStringList flags = flagsFor(meta, variant.toStdString());
        flags << "--steps" << "2" << "--out" << path(variant + ".safetensors");
        Run gen = cli(QStringList{"generate"} + flags);
        QVERIFY2(gen.exitCode == 0, qPrintable(gen.output));
        at::Tensor frames = SafetensorsReader(path(variant + ".safetensors").toStdString()).view("frames");
        QCOMPARE(frames.size(0), golden.view("video").size(1));
        QCOMPARE(frames.size(2), golden.view("video").size(3));
    }

    void seededGenerateDrawsTheReferenceNoise_data() { generatesFromEveryFixtureModel_data(); }
    void seededGenerateDrawsTheReferenceNoise()
    {
        // Only the initial latents are injected: every other draw (the I2V image posterior, the DPM
        // steps) comes from --seed, so matching final_latents shows the generators agree.
        QFETCH(QString, variant);
        SafetensorsReader golden(fixture("golden/" + variant.toStdString() + "/pipeline.safetensors").toStdString());
        SafetensorsWriter latentsIn;
        latentsIn.add("latents", golden.view("initial_latents"));
        latentsIn.write(path(variant + ".in.safetensors").toStdString());
        QStringList flags = flagsFor(metaOf(golden), variant.toStdString());
        flags << "--latents-in" << path(variant + ".in.safetensors") << "--save-latents"
              << path(variant + ".ckpt.safetensors") << "--no-decode";
        Run gen = cli(QStringList{"generate"} + flags);
        QVERIFY2(gen.exitCode == 0, qPrintable(gen.output));
        at::Tensor latents = LatentsCheckpoint::read(path(variant + ".ckpt.safetensors").toStdString()).latents;
        FRAMESMITH_EXPECT_PARITY("final_latents", latents, golden.view("final_latents"), 5e-4);
    }

    void evalPipelineWritesFinalLatentsAndVideo()
    {
        Run run = cli({"eval", "pipeline", "--case", fixture("golden/tiny-5b/pipeline.safetensors"), "--out",
                       path("eval.safetensors")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        SafetensorsReader out(path("eval.safetensors").toStdString());
        SafetensorsReader golden(fixture("golden/tiny-5b/pipeline.safetensors").toStdString());
        FRAMESMITH_EXPECT_PARITY("final_latents", out.view("final_latents"), golden.view("final_latents"), 5e-4);
        FRAMESMITH_EXPECT_PARITY("video", out.view("video"), golden.view("video"), 5e-4);
    }

    void evalSchedulerWritesTheSteps()
    {
        Run run = cli({"eval", "scheduler", "--case", fixture("golden/scheduler/dpm.safetensors"), "--out",
                       path("dpm.safetensors")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        SafetensorsReader out(path("dpm.safetensors").toStdString());
        SafetensorsReader golden(fixture("golden/scheduler/dpm.safetensors").toStdString());
        QVERIFY(at::equal(out.view("timesteps.50"), golden.view("timesteps.50")));
        FRAMESMITH_EXPECT_PARITY("step3.prev_sample", out.view("step3.prev_sample"), golden.view("step3.prev_sample"), 1e-5);
    }

    // --cache: a bad value is refused before anything is read (the model folder does not even
    // exist), a good one runs and the clip's request records it for an exact regeneration.
    void cacheFlagIsCheckedFirstAndRecorded()
    {
        Run bad = cli({"generate", "--model", path("no-such-model"), "--prompt", "a fox", "--cache", "turbo"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.output.contains("--cache") && bad.output.contains("balanced"), qPrintable(bad.output));
        QVERIFY2(!bad.output.contains("no-such-model"), qPrintable(bad.output));

        Run good = cli({"generate", "--model", fixture("models/tiny-2b"), "--prompt", "a fox", "--frames", "9",
                        "--width", "96", "--height", "64", "--steps", "4", "--cache", "fast", "--quiet", "--out",
                        path("cached.safetensors")});
        QVERIFY2(good.exitCode == 0, qPrintable(good.output));
        const auto request = nlohmann::json::parse(
            SafetensorsReader(path("cached.safetensors").toStdString()).metadata().at("request"));
        QCOMPARE(request["stepCache"].get<std::string>(), std::string("fast"));

        // plan --cache: the denoise stage grows by the cache's residuals.
        const QStringList plan = {"plan", "--model", fixture("models/tiny-2b"), "--frames", "9", "--width", "96",
                                  "--height", "64", "--json"};
        auto denoisePeak = [](const Run& run) {
            std::int64_t peak = 0;
            const nlohmann::json parsed = nlohmann::json::parse(run.output.toStdString());
            for (const auto& stage : parsed["stages"])
                if (stage["name"] == "denoise")
                    for (const auto& device : stage["devices"])
                        peak = std::max(peak, device["peakBytes"].get<std::int64_t>());
            return peak;
        };
        Run plain = cli(plan), cached = cli(plan + QStringList{"--cache", "balanced"});
        QVERIFY2(plain.exitCode == 0 && cached.exitCode == 0, qPrintable(plain.output + cached.output));
        QVERIFY(denoisePeak(cached) > denoisePeak(plain));
        QCOMPARE(cli(plan + QStringList{"--cache", "x"}).exitCode, 2);
    }

    // Open-Sora 1.2 conditioned from the command line: --image keeps the start image at latent
    // frame 0 (the conditioned frame of the saved latents is the same for 2 and 3 steps),
    // --reference with --mask-strategy reaches the sidecar request, and a bad strategy or a missing
    // reference is refused with the bad-input code, naming the field or the file.
    void openSoraTakesAStartImageAndReferences()
    {
        const QString model = QString::fromStdString(test::fixturesDir() + "/opensora/models");
        const QString image = fixture("golden/tiny-5b-i2v/image.png");
        const QStringList base = {"generate", "--model", model, "--prompt", "a fox in the snow", "--frames", "17",
                                  "--width", "64", "--height", "64", "--steps", "2", "--quiet"};
        Run i2v = cli(base + QStringList{"--image", image, "--seed", "3", "--out", path("os-i2v.safetensors"),
                                         "--save-latents", path("os-i2v.latents.safetensors")});
        QVERIFY2(i2v.exitCode == 0, qPrintable(i2v.output));
        QCOMPARE(SafetensorsReader(path("os-i2v.safetensors").toStdString()).view("frames").size(0), 17);
        Run other = cli(base + QStringList{"--image", image, "--seed", "3", "--steps", "3", "--no-decode",
                                           "--save-latents", path("os-i2v-4.latents.safetensors")});
        QVERIFY2(other.exitCode == 0, qPrintable(other.output));
        const at::Tensor a = LatentsCheckpoint::read(path("os-i2v.latents.safetensors").toStdString()).latents;
        const at::Tensor b = LatentsCheckpoint::read(path("os-i2v-4.latents.safetensors").toStdString()).latents;
        // Frame 0 is the encoded image whatever the step count; the other frames are generated.
        QVERIFY(at::equal(a[0][0], b[0][0]));
        QVERIFY(!at::equal(a[0][1], b[0][1]));

        Run ref = cli(base + QStringList{"--reference", image, "--mask-strategy", "0,0,0,-1,1,0.5", "--out",
                                         path("os-ref.safetensors")});
        QVERIFY2(ref.exitCode == 0, qPrintable(ref.output));
        const auto request = nlohmann::json::parse(
            SafetensorsReader(path("os-ref.safetensors").toStdString()).metadata().at("request"));
        QCOMPARE(request["conditioning"].get<std::string>(), std::string("0,0,0,-1,1,0.5"));
        QCOMPARE(request["references"].size(), std::size_t(1));

        Run bad = cli(base + QStringList{"--reference", image, "--mask-strategy", "0,0,0,0,1,7"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.output.contains("conditioning"), qPrintable(bad.output));
        Run missing = cli(base + QStringList{"--reference", "/nonexistent/ref.png", "--mask-strategy", "0"});
        QVERIFY(missing.exitCode != 0);
        QVERIFY2(missing.output.contains("/nonexistent/ref.png"), qPrintable(missing.output));
        Run cog = cli({"generate", "--model", fixture("models/tiny-2b"), "--prompt", "x", "--frames", "9", "--width",
                       "96", "--height", "64", "--reference", image, "--mask-strategy", "0", "--quiet"});
        QCOMPARE(cog.exitCode, 2); // a family that takes no references refuses them
        QVERIFY2(cog.output.contains("reference"), qPrintable(cog.output));
    }

    void jobFilesWork()
    {
        std::ofstream(path("job.json").toStdString())
            << nlohmann::json{{"model", test::cogvideoxFixture("models/tiny-2b")}, {"prompt", "a fox"},
                              {"frames", 9}, {"width", 96}, {"height", 64}, {"steps", 2}, {"seed", 5}}.dump();
        Run run = cli({"generate", "--job", path("job.json"), "--quiet", "--out", path("job.safetensors")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        SafetensorsReader out(path("job.safetensors").toStdString());
        QCOMPARE(out.view("frames").size(0), 9);
        QVERIFY(QString::fromStdString(out.metadata().at("request")).contains("a fox"));
    }

    // Decoding NaN latents (or a partial checkpoint) warns and marks the sidecar; it used to write
    // garbage silently with exit 0.
    void decodeOfNonFiniteLatentsWarnsAndMarksTheSidecar()
    {
        const QString kept = path("nan.latents.safetensors");
        Run made = cli({"generate", "--model", fixture("models/tiny-2b"), "--prompt", "a fox", "--frames", "9",
                        "--width", "96", "--height", "64", "--steps", "2", "--seed", "5", "--no-decode", "--quiet",
                        "--save-latents", kept});
        QVERIFY2(made.exitCode == 0, qPrintable(made.output));
        LatentsCheckpoint checkpoint = LatentsCheckpoint::read(kept.toStdString());
        checkpoint.latents.view(-1)[0] = std::numeric_limits<float>::quiet_NaN();
        checkpoint.write(kept.toStdString());
        Run run = cli({"decode", kept, "--out", path("nan.mp4"), "--quiet"});
        QVERIFY2(run.exitCode == 0, qPrintable(run.output));
        QVERIFY2(run.output.contains("NaN or infinite"), qPrintable(run.output));
        std::ifstream sidecar(path("nan.mp4.json").toStdString());
        const auto json = nlohmann::json::parse(sidecar);
        QVERIFY(json.contains("warnings"));
        QVERIFY(QString::fromStdString(json["warnings"].dump()).contains("NaN or infinite"));
    }

    // The preset's placement is carried out from the command line: low-memory on two simulated
    // 8 GiB GPUs streams the transformer's blocks (the report counts them and their copies) and
    // the latents are the resident run's, bit for bit.
    void generateCarriesThePresetsPlacementOut()
    {
        const QStringList request = {"generate", "--model", fixture("models/tiny-2b"), "--prompt", "a fox", "--frames",
                                     "9", "--width", "96", "--height", "64", "--steps", "2", "--seed", "8",
                                     "--no-decode", "--quiet"};
        Run streamed = cli(request + QStringList{"--preset", "low-memory", "--vram", "8", "8", "--memory-report",
                                                 path("low.json"), "--save-latents", path("low.safetensors")});
        QVERIFY2(streamed.exitCode == 0, qPrintable(streamed.output));
        Run resident = cli(request + QStringList{"--device", "cpu", "--save-latents", path("resident.safetensors")});
        QVERIFY2(resident.exitCode == 0, qPrintable(resident.output));

        std::ifstream in(path("low.json").toStdString());
        const auto report = nlohmann::json::parse(in);
        QCOMPARE(report.at("preset").get<std::string>(), std::string("low-memory"));
        const auto& placement = report.at("placement");
        QCOMPARE(placement.at("streamedBlocks").get<int>(), 2);
        QVERIFY(QString::fromStdString(placement.at("plan").get<std::string>()).contains("streamed"));
        // Two steps, each block copied to the GPU before it runs: at least 4 copies arrived there.
        QVERIFY2(placement.at("devices").at("cuda:0").at("movesIn").get<int>() >= 4, report.dump(2).c_str());
        const at::Tensor a = LatentsCheckpoint::read(path("low.safetensors").toStdString()).latents;
        const at::Tensor b = LatentsCheckpoint::read(path("resident.safetensors").toStdString()).latents;
        QVERIFY(at::equal(a, b));
    }

    // Out-of-memory injected in denoise preparation (before any step): twice is recovered (rc 0,
    // latents written); every time ends with exit 3 and no libtorch backtrace (it used to write a
    // checkpoint of a tensor never made: rc 1, "undefined tensor").
    void injectedOomInDenoisePreparationEndsCleanly_data()
    {
        QTest::addColumn<QString>("inject");
        QTest::addColumn<int>("exitCode");
        QTest::newRow("twice") << "denoise::2" << 0;
        QTest::newRow("every time") << "denoise::0" << 3;
    }
    void injectedOomInDenoisePreparationEndsCleanly()
    {
        QFETCH(QString, inject);
        QFETCH(int, exitCode);
        QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
        environment.insert("FRAMESMITH_INJECT_OOM", inject);
        const Run run = cli({"generate", "--model", fixture("models/tiny-2b"), "--prompt", "a fox", "--frames", "9",
                             "--width", "96", "--height", "64", "--steps", "2", "--quiet", "--no-decode"},
                            environment);
        QVERIFY2(run.exitCode == exitCode, qPrintable(run.output));
        QVERIFY2(!run.output.contains("undefined") && !run.output.contains("Exception raised from"),
                 qPrintable(run.output));
        if (exitCode == 0)
            QVERIFY(run.output.contains("latents: "));
    }

};

FRAMESMITH_TEST_GUILESS_MAIN(TestFramesmithCli)

} // namespace tst_FramesmithCli
#include "tst_FramesmithCli.moc"
