// Latents checkpoints round-trip the tensor and the full request, and refuse other files by name;
// a paused one round-trips the sampler's and the noise's state tensors exactly, and readPaused
// refuses a checkpoint that cannot be continued.
#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"
#include "pipeline/LatentsCheckpoint.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <limits>

using namespace framesmith;

class TestLatentsCheckpoint : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void roundTripsLatentsAndRequest()
    {
        LatentsCheckpoint c;
        c.latents = at::randn({1, 3, 16, 4, 6});
        c.request.modelPath = "/models/cogvideox-2b";
        c.request.prompt = "一只熊猫 \"quoted\"";
        c.request.seed = 18446744073709551615ull;
        c.request.useDynamicGuidance = true;
        c.family = "cogvideox";
        c.stepsCompleted = 7;
        c.stepCount = 50;
        c.isPartial = true;
        const std::string path = m_dir.filePath("a.safetensors").toStdString();
        c.write(path);
        LatentsCheckpoint back = LatentsCheckpoint::read(path);
        QVERIFY(at::equal(back.latents, c.latents));
        QCOMPARE(toJson(back.request), toJson(c.request));
        QCOMPARE(back.stepsCompleted, 7);
        QCOMPARE(back.stepCount, 50);
        QVERIFY(back.isPartial);
        QCOMPARE(back.family, std::string("cogvideox"));
    }

    void pausedStateRoundTripsAndOnlyPausedRunsAreResumable()
    {
        LatentsCheckpoint c;
        c.latents = at::randn({1, 3, 16, 4, 6});
        c.request.modelPath = "/models/x";
        c.family = "cogvideox";
        c.stepsCompleted = 2;
        c.stepCount = 4;
        c.isPartial = true;
        const std::string finished = m_dir.filePath("not-paused.safetensors").toStdString();
        c.write(finished);
        QVERIFY(!LatentsCheckpoint::read(finished).isPaused);
        QVERIFY(LatentsCheckpoint::read(finished).noiseState.empty());
        QVERIFY_THROWS_EXCEPTION(FileError, LatentsCheckpoint::readPaused(finished));

        c.isPaused = true;
        c.schedulerState = {{"previous_pred_original", at::randn({1, 3, 16, 4, 6}).to(at::kBFloat16)},
                            {"noise_added", at::ones({1, 3}, at::kBool)}};
        c.noiseState = {{"generator", at::randint(0, 255, {5056}, at::kByte)}, {"draws", at::full({1}, 9, at::kLong)}};
        const std::string paused = m_dir.filePath("paused.safetensors").toStdString();
        c.write(paused);
        const LatentsCheckpoint back = LatentsCheckpoint::readPaused(paused);
        QVERIFY(back.isPaused);
        QCOMPARE(back.schedulerState.size(), std::size_t(2));
        for (const auto& [key, tensor] : c.schedulerState) {
            QCOMPARE(back.schedulerState.at(key).scalar_type(), tensor.scalar_type());
            QVERIFY2(at::equal(back.schedulerState.at(key), tensor), key.c_str());
        }
        for (const auto& [key, tensor] : c.noiseState)
            QVERIFY2(at::equal(back.noiseState.at(key), tensor), key.c_str());

        c.noiseState.clear(); // a paused file without the noise's state cannot continue
        c.write(paused);
        QVERIFY_THROWS_EXCEPTION(FileError, LatentsCheckpoint::readPaused(paused));
    }

    void rejectsFilesWithoutRequest()
    {
        SafetensorsWriter w;
        w.add("latents", at::zeros({1, 1, 1, 1, 1}));
        const std::string path = m_dir.filePath("bare.safetensors").toStdString();
        w.write(path);
        try {
            LatentsCheckpoint::read(path);
            QFAIL("no exception");
        } catch (const FileError& e) {
            QVERIFY(QString(e.what()).contains("request"));
        }
        SafetensorsWriter other;
        other.add("frames", at::zeros({1}));
        other.write(m_dir.filePath("frames.safetensors").toStdString());
        QVERIFY_THROWS_EXCEPTION(FileError, LatentsCheckpoint::read(m_dir.filePath("frames.safetensors").toStdString()));
    }

    void problemsNamePartialAndNonFiniteLatents()
    {
        LatentsCheckpoint c;
        c.latents = at::zeros({1, 2, 4, 3, 3});
        c.stepsCompleted = c.stepCount = 4;
        QVERIFY(c.problems().empty());
        c.latents[0][1][2][0][0] = std::numeric_limits<float>::infinity();
        c.latents[0][0][0][0][0] = std::numeric_limits<float>::quiet_NaN();
        c.stepsCompleted = 3;
        const auto problems = c.problems();
        QCOMPARE(problems.size(), std::size_t(2));
        QVERIFY(QString::fromStdString(problems[0]).contains("3 of 4 steps"));
        QVERIFY(QString::fromStdString(problems[1]).contains("2 of 72 latent values are NaN or infinite"));
    }

    void defaultPathHonoursTheEnvironment()
    {
        qputenv("FRAMESMITH_CHECKPOINT_DIR", m_dir.filePath("ckpt").toUtf8());
        GenerationRequest r;
        r.seed = 42;
        const QString path = QString::fromStdString(LatentsCheckpoint::defaultPath(r));
        QVERIFY(path.startsWith(m_dir.filePath("ckpt")));
        QVERIFY(path.endsWith("seed42.latents.safetensors"));
        QVERIFY(QDir(m_dir.filePath("ckpt")).exists());
    }
};

QTEST_GUILESS_MAIN(TestLatentsCheckpoint)
#include "tst_LatentsCheckpoint.moc"
