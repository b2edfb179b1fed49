// Latents checkpoints round-trip the tensor and the full request, and refuse other files by name;
// a paused one round-trips the sampler's and the noise's state tensors exactly, and readPaused
// refuses a checkpoint that cannot be continued. Tampered metadata (counts that are not numbers,
// integer latents, NaN in a paused run) is refused naming the key; fresh names are reserved
// atomically (several processes at once never share one); a killed writer's old temporaries go.
#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"
#include "engine/checkpoints/LatentsCheckpoint.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <limits>
#include <set>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace tst_LatentsCheckpoint {

using namespace framesmith;

class TestLatentsCheckpoint : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // A checkpoint as write() makes it, with one metadata value replaced (or the latents' dtype).
    std::string tampered(const QString& name, const std::string& key, const std::string& value,
                         at::ScalarType dtype = at::kFloat)
    {
        SafetensorsWriter w;
        w.add("latents", at::ones({1, 2, 4, 3, 3}).to(dtype));
        w.add("noise.draws", at::full({1}, 9, at::kLong));
        std::map<std::string, std::string> meta = {{"format", "framesmith-latents-checkpoint"},
                                                   {"request", toJson(GenerationRequest{})},
                                                   {"family", "cogvideox"},
                                                   {"steps_completed", "2"},
                                                   {"step_count", "4"},
                                                   {"partial", "true"},
                                                   {"paused", "true"}};
        meta[key] = value;
        for (const auto& [k, v] : meta)
            w.setMetadata(k, v);
        const std::string path = m_dir.filePath(name).toStdString();
        w.write(path);
        return path;
    }

    static QString refusal(const std::string& path, bool paused)
    {
        try {
            paused ? LatentsCheckpoint::readPaused(path) : LatentsCheckpoint::read(path);
        } catch (const FileError& e) {
            return QString::fromStdString(e.what());
        }
        return {};
    }

private Q_SLOTS:
    void roundTripsLatentsAndRequest()
    {
        LatentsCheckpoint c;
        c.latents = at::randn({1, 3, 16, 4, 6});
        c.request.modelPath = "/models/cogvideox-2b";
        c.request.prompt = "一只熊猫 \"quoted\"";
        c.request.seed = 18446744073709551615ull;
        c.request.knobs["dynamic_guidance"] = true;
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

    void tamperedMetadataIsRefusedNamingTheKey()
    {
        QVERIFY(refusal(tampered("good.safetensors", "family", "cogvideox"), true).isEmpty());
        // std::atoi read "abc" as 0: every step ran again on latents that were already denoised.
        const QString letters = refusal(tampered("abc.safetensors", "steps_completed", "abc"), false);
        QVERIFY2(letters.contains("steps_completed") && letters.contains("'abc'"), qPrintable(letters));
        QVERIFY(refusal(tampered("neg.safetensors", "step_count", "-4"), false).contains("step_count"));
        QVERIFY(refusal(tampered("trail.safetensors", "steps_completed", "2x"), false).contains("steps_completed"));
        QVERIFY(refusal(tampered("huge.safetensors", "step_count", "99999999999"), false).contains("step_count"));
        QVERIFY(refusal(tampered("flag.safetensors", "paused", "yes"), false).contains("paused"));
        const QString integers = refusal(tampered("int.safetensors", "family", "cogvideox", at::kInt), false);
        QVERIFY2(integers.contains("latents") && integers.contains("Int"), qPrintable(integers));
    }

    void pausedLatentsMustBeFinite()
    {
        LatentsCheckpoint c;
        c.latents = at::zeros({1, 2, 4, 3, 3});
        c.latents[0][1][0][0][0] = std::numeric_limits<float>::quiet_NaN();
        c.stepsCompleted = 2;
        c.stepCount = 4;
        c.isPaused = true;
        c.noiseState = {{"draws", at::full({1}, 9, at::kLong)}};
        const std::string path = m_dir.filePath("nan-paused.safetensors").toStdString();
        c.write(path);
        QVERIFY(LatentsCheckpoint::read(path).isPaused); // decode may still show it (with a warning)
        const QString why = refusal(path, true);
        QVERIFY2(why.contains("1 of 72 latent values are NaN or infinite"), qPrintable(why));
    }

    void freshNamesAreReservedAtomically()
    {
        const std::string folder = m_dir.filePath("race").toStdString();
        GenerationRequest r;
        r.seed = 7;
        const std::string first = LatentsCheckpoint::freshPathIn(folder, r);
        QVERIFY2(QFileInfo::exists(QString::fromStdString(first)), "the name is not reserved");
        QVERIFY(LatentsCheckpoint::freshPathIn(folder, r) != first);
        // Eight processes take 25 names each in the same milliseconds: all 200 differ.
        int fds[2];
        QCOMPARE(::pipe(fds), 0);
        std::vector<pid_t> children;
        for (int child = 0; child < 8; ++child) {
            const pid_t pid = ::fork();
            if (pid == 0) {
                ::close(fds[0]);
                for (int i = 0; i < 25; ++i) {
                    const std::string name = LatentsCheckpoint::freshPathIn(folder, r) + "\n";
                    if (::write(fds[1], name.data(), name.size()) < 0)
                        ::_exit(1);
                }
                ::_exit(0);
            }
            children.push_back(pid);
        }
        ::close(fds[1]);
        QByteArray all;
        char buffer[4096];
        for (ssize_t n; (n = ::read(fds[0], buffer, sizeof buffer)) > 0;)
            all.append(buffer, static_cast<int>(n));
        ::close(fds[0]);
        for (pid_t pid : children) {
            int status = 0;
            ::waitpid(pid, &status, 0);
            QVERIFY(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        }
        const QList<QByteArray> names = all.trimmed().split('\n');
        QCOMPARE(names.size(), 200);
        QCOMPARE(std::set<QByteArray>(names.begin(), names.end()).size(), std::size_t(200));
    }

    void staleTemporariesOfKilledWritersAreRemoved()
    {
        const QString folder = m_dir.filePath("stale");
        QVERIFY(QDir().mkpath(folder));
        const auto touch = [&](const QString& name, int ageSeconds) {
            QFile file(folder + "/" + name);
            QVERIFY(file.open(QIODevice::WriteOnly));
            file.write("partial");
            file.close();
            const QDateTime when = QDateTime::currentDateTime().addSecs(-ageSeconds);
            QVERIFY(file.open(QIODevice::ReadWrite));
            QVERIFY(file.setFileTime(when, QFileDevice::FileModificationTime));
        };
        touch("a-seed1.latents.safetensors.tmp-AbC123", 2 * 3600); // killed two hours ago: ours, stale
        touch("b-seed1.latents.safetensors.tmp-XyZ789", 10);       // being written now
        touch("notes.txt.tmp-AbC123", 2 * 3600);                   // not ours
        touch("c-seed1.latents.safetensors.tmp-AbC1234", 2 * 3600); // not our pattern (7 characters)
        QVERIFY(QFile::link(folder + "/notes.txt.tmp-AbC123", folder + "/d.latents.safetensors.tmp-Link12"));
        QCOMPARE(LatentsCheckpoint::removeStaleTemporaries(folder.toStdString()), 1);
        const QStringList left = QDir(folder).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
        QCOMPARE(left, QStringList({"b-seed1.latents.safetensors.tmp-XyZ789", "c-seed1.latents.safetensors.tmp-AbC1234",
                                    "d.latents.safetensors.tmp-Link12", "notes.txt.tmp-AbC123"}));
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

FRAMESMITH_TEST_GUILESS_MAIN(TestLatentsCheckpoint)

} // namespace tst_LatentsCheckpoint
#include "tst_LatentsCheckpoint.moc"
