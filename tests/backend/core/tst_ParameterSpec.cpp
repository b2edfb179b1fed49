// validateRequest: every broken rule comes back with its field, an English message for the CLI
// and a rule code with its numbers for the GUI to word; the model's own spec carries the size a
// learned-position model (5b-I2V) alone runs at, so the form refuses what generate would refuse.
#include "framesmith/Engine.h"
#include "framesmith/ParameterSpec.h"
#include "support/TestPaths.h"

#include <QTest>

using namespace framesmith;

namespace {
const FieldError* find(const std::vector<FieldError>& errors, const std::string& field, FieldRule rule)
{
    for (const auto& e : errors)
        if (e.field == field && e.rule == rule)
            return &e;
    return nullptr;
}
} // namespace

class tst_ParameterSpec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rulesComeWithCodesAndArguments()
    {
        GenerationRequest r;
        r.frameCount = 10;
        r.width = 500;
        r.steps = 0;
        r.startImagePath = "start.png";
        const auto errors = validateRequest(r, cogVideoXSpec(false, false));
        const FieldError* frames = find(errors, "frameCount", FieldRule::FrameStep);
        QVERIFY(frames);
        QCOMPARE(frames->args, (std::vector<std::string>{"8", "49", "10"}));
        QVERIFY(QString::fromStdString(frames->message).contains("8N+1"));
        const FieldError* width = find(errors, "width", FieldRule::SizeMultiple);
        QVERIFY(width);
        QCOMPARE(width->args, (std::vector<std::string>{"16", "500"}));
        const FieldError* steps = find(errors, "steps", FieldRule::OutOfRange);
        QVERIFY(steps);
        QCOMPARE(steps->args, (std::vector<std::string>{"1", "500", "0"}));
        QVERIFY(find(errors, "startImage", FieldRule::StartImageUnsupported));
    }

    void learnedPositionModelsRunAtTheirSampleSizeOnly()
    {
        const ParameterSpec spec = Engine::parameterSpec(test::cogvideoxFixture("models/tiny-5b-i2v"));
        QCOMPARE(spec.requiredWidth, 96);
        QCOMPARE(spec.requiredHeight, 64);
        GenerationRequest r;
        r.startImagePath = "start.png";
        r.frameCount = 9;
        r.width = 96;
        r.height = 64;
        QVERIFY(validateRequest(r, spec).empty());
        r.width = 128;
        const auto errors = validateRequest(r, spec);
        const FieldError* size = find(errors, "width", FieldRule::RequiredSize);
        QVERIFY(size);
        QCOMPARE(size->args, (std::vector<std::string>{"96", "64"}));
        QCOMPARE(Engine::parameterSpec(test::cogvideoxFixture("models/tiny-2b")).requiredWidth, 0);
    }
};

QTEST_APPLESS_MAIN(tst_ParameterSpec)
#include "tst_ParameterSpec.moc"
