// The prompt path of scripts/inference.py for one generation: loop prompts, conditioning JSON
// refused, scores and cleaning (the golden pipeline's prompt).
#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraPromptSyntax.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_OpenSoraPromptSyntax {

using namespace framesmith;

class TestOpenSoraPromptSyntax : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void plainPromptsPassThrough()
    {
        QCOMPARE(OpenSoraPromptSyntax::loopText("a red fox"), std::string("a red fox"));
        QCOMPARE(OpenSoraPromptSyntax::loopText("a | b"), std::string("a | b")); // only a leading |0| is a loop
    }

    void loopPromptsGiveTheFirstLoopsText()
    {
        QCOMPARE(OpenSoraPromptSyntax::loopText("|0| a beautiful day |1| a sunny day"), std::string("a beautiful day"));
        QCOMPARE(OpenSoraPromptSyntax::loopText("|0|cat"), std::string("cat"));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, OpenSoraPromptSyntax::loopText("|0| a |x| b"));
        QCOMPARE(OpenSoraPromptSyntax::loopText("|0|"), std::string()); // an empty text, as the reference takes it
    }

    void conditioningJsonIsRefused()
    {
        try {
            OpenSoraPromptSyntax::loopText("a cat{\"reference_path\": \"cat.png\", \"mask_strategy\": \"0\"}");
            QFAIL("accepted");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QString("prompt"));
        }
    }

    void preparedTextIsWhatTheReferenceEncodes()
    {
        // golden/pipeline.json: prompts.t5_input
        QCOMPARE(OpenSoraPromptSyntax::prepare("A panda playing guitar in a bamboo forest, 一只熊猫在弹吉他."),
                 std::string("a panda playing guitar in a bamboo forest, aesthetic score: 6.5."));
        QCOMPARE(OpenSoraPromptSyntax::prepare("|0| A Cat |1| a dog", std::nullopt, 2.0),
                 std::string("a cat motion score: 2.0."));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraPromptSyntax)

} // namespace tst_OpenSoraPromptSyntax
#include "tst_OpenSoraPromptSyntax.moc"
