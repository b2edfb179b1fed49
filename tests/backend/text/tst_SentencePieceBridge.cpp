// The SentencePiece bridge module: found next to the executable, a clear error naming every path
// tried when it is absent, and loading in a process that also runs libtorch.
#include "support/TestPaths.h"

#include "framesmith/Error.h"
#include "text/SentencePieceBridge.h"
#include "text/SentencePieceModel.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>

#include <QFile>
#include <QTest>

#include <cstdlib>

namespace tst_SentencePieceBridge {

using framesmith::SentencePieceBridge;
using framesmith::SentencePieceModel;

class tst_SentencePieceBridge : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        // Runs before anything loads the bridge: libsentencepiece must not be linked into the
        // process (only the module, loaded later in its own scope, may pull it in).
        QFile maps("/proc/self/maps");
        QVERIFY(maps.open(QIODevice::ReadOnly));
        const QByteArray mapped = maps.readAll();
        QVERIFY2(!mapped.contains("libsentencepiece"), "libsentencepiece is linked into a backend executable");
    }

    void missingModuleErrorNamesEveryPathTried()
    {
        try {
            SentencePieceBridge::open({"/nonexistent/a/libframesmith_spbridge.so", "/nonexistent/b/libframesmith_spbridge.so"});
            QFAIL("expected an error");
        } catch (const framesmith::FileError& e) {
            QCOMPARE(e.code(), framesmith::ErrorCode::MissingFile);
            const QString message = e.what();
            QVERIFY2(message.contains("/nonexistent/a/libframesmith_spbridge.so"), e.what());
            QVERIFY2(message.contains("/nonexistent/b/libframesmith_spbridge.so"), e.what());
            QVERIFY2(message.contains("FRAMESMITH_SPBRIDGE"), e.what());
        }
    }

    void environmentOverrideIsTheOnlyCandidate()
    {
        const char* previous = std::getenv("FRAMESMITH_SPBRIDGE");
        const std::string saved = previous ? previous : "";
        qputenv("FRAMESMITH_SPBRIDGE", "/nonexistent/override.so");
        const auto candidates = SentencePieceBridge::defaultCandidates();
        if (previous)
            qputenv("FRAMESMITH_SPBRIDGE", saved.c_str());
        else
            qunsetenv("FRAMESMITH_SPBRIDGE");
        QCOMPARE(candidates, std::vector<std::string>{"/nonexistent/override.so"});
        QVERIFY_THROWS_EXCEPTION(framesmith::FileError, SentencePieceBridge::open(candidates));
    }

    void defaultCandidatesStartNextToTheExecutable()
    {
        if (std::getenv("FRAMESMITH_SPBRIDGE"))
            QSKIP("FRAMESMITH_SPBRIDGE is set in this environment");
        const auto candidates = SentencePieceBridge::defaultCandidates();
        QCOMPARE(candidates.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(candidates[0]),
                 QCoreApplication::applicationDirPath() + "/libframesmith_spbridge.so");
        QVERIFY(QString::fromStdString(candidates[1]).endsWith("/lib/framesmith/libframesmith_spbridge.so"));
    }

    void encodesWhileLibtorchIsLoaded()
    {
        // The crash this bridge exists to avoid: protobuf symbols of libsentencepiece meeting
        // libtorch's in one process. Use torch first, then SentencePiece, then torch again.
        const at::Tensor before = at::ones({4}).sum();
        const auto model = SentencePieceModel::load(framesmith::test::cogvideoxFixture("models/tiny-2b/tokenizer/spiece.model"));
        QCOMPARE(model->pieceCount(), 480);
        const auto pieces = model->encode("A golden retriever");
        QVERIFY(!pieces.empty());
        QCOMPARE(pieces.front().piece, std::string("\xe2\x96\x81" "A"));
        QCOMPARE(pieces.front().id, 221);
        QCOMPARE(model->pieceToId("</s>"), 1);
        QCOMPARE((before + at::ones({1})).item<float>(), 5.0f);
    }

    void unreadableModelNamesTheFile()
    {
        const std::string notAModel = framesmith::test::cogvideoxFixture("models/tiny-2b/tokenizer/tokenizer_config.json");
        try {
            SentencePieceModel::load(notAModel);
            QFAIL("expected an error");
        } catch (const framesmith::FileError& e) {
            QCOMPARE(e.code(), framesmith::ErrorCode::BadFile);
            QVERIFY2(QString(e.what()).contains("tokenizer_config.json"), e.what());
        }
        QVERIFY_THROWS_EXCEPTION(framesmith::FileError, SentencePieceModel::load("/nonexistent/spiece.model"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_SentencePieceBridge)

} // namespace tst_SentencePieceBridge
#include "tst_SentencePieceBridge.moc"
