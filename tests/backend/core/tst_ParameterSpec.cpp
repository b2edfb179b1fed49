// validateRequest: every broken rule comes back with its field, an English message for the CLI
// and a rule code with its numbers for the GUI to word; the model's own spec carries the size a
// learned-position model (5b-I2V) alone runs at, so the form refuses what generate would refuse.
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
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

// A text-to-video model of the 8N+1 kind, written out so the rules under test are in view.
ParameterSpec eightNPlusOne()
{
    ParameterSpec spec;
    spec.frames.runs = {{9, 161, 8}};
    spec.sizeMultiple = 16;
    spec.maxSteps = 500;
    spec.supportsStartImage = false;
    spec.schedulers = {{"ddim", "DDIM", ""}, {"dpm", "DPM", ""}};
    return spec;
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
        r.scheduler = "euler";
        r.useDynamicGuidance = true;
        r.references = {"clip.mp4"};
        const auto errors = validateRequest(r, eightNPlusOne());
        const FieldError* frames = find(errors, "frameCount", FieldRule::FrameCount);
        QVERIFY(frames);
        QCOMPARE(frames->args, (std::vector<std::string>{"9", "10"})); // the nearest valid count, the value
        QVERIFY(QString::fromStdString(frames->message).contains("8N+1"));
        const FieldError* width = find(errors, "width", FieldRule::SizeMultiple);
        QVERIFY(width);
        QCOMPARE(width->args, (std::vector<std::string>{"16", "500"}));
        const FieldError* steps = find(errors, "steps", FieldRule::OutOfRange);
        QVERIFY(steps);
        QCOMPARE(steps->args, (std::vector<std::string>{"1", "500", "0"}));
        QVERIFY(find(errors, "startImage", FieldRule::StartImageUnsupported));
        QVERIFY(find(errors, "dynamicGuidance", FieldRule::DynamicGuidanceUnsupported));
        QVERIFY(find(errors, "references", FieldRule::ReferencesUnsupported));
        const FieldError* scheduler = find(errors, "scheduler", FieldRule::UnknownScheduler);
        QVERIFY(scheduler);
        QCOMPARE(scheduler->args, (std::vector<std::string>{"euler", "ddim", "dpm"}));
    }

    // References and their conditioning text travel in job files and sidecars, and only to a
    // family that takes them.
    void referencesRoundTripThroughTheJobJson()
    {
        GenerationRequest r;
        r.startImagePath = "start.png";
        r.references = {"clip.mp4", "still.png"};
        r.conditioning = "0,1,-1,0,1,0.3;0,2";
        const GenerationRequest back = requestFromJson(toJson(r));
        QCOMPARE(back.references, r.references);
        QCOMPARE(back.conditioning, r.conditioning);
        QVERIFY(!QString::fromStdString(toJson(GenerationRequest{})).contains("references")); // t2v sidecars unchanged
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, requestFromJson(R"({"references": "clip.mp4"})"));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, requestFromJson(R"({"references": [3]})"));
        ParameterSpec takes = eightNPlusOne();
        takes.supportsReferences = true;
        r.startImagePath.clear();
        QVERIFY(!find(validateRequest(r, takes), "references", FieldRule::ReferencesUnsupported));
        r.references.clear(); // a conditioning text alone is refused too
        QVERIFY(find(validateRequest(r, eightNPlusOne()), "references", FieldRule::ReferencesUnsupported));
    }

    // The step-cache setting travels in job files and sidecars (only when used) and an unknown
    // one is refused naming the field and the choices.
    void stepCacheRoundTripsAndIsChecked()
    {
        GenerationRequest r;
        QVERIFY(!QString::fromStdString(toJson(r)).contains("stepCache")); // uncached sidecars unchanged
        QCOMPARE(requestFromJson(toJson(r)).stepCache, std::string("off"));
        r.stepCache = "balanced";
        QCOMPARE(requestFromJson(toJson(r)).stepCache, std::string("balanced"));
        try {
            requestFromJson(R"({"stepCache": "warp"})");
            QFAIL("an unknown step-cache setting was read");
        } catch (const InvalidRequestError& e) {
            QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("stepCache"));
            QVERIFY(QString(e.what()).contains("quality"));
        }
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, requestFromJson(R"({"stepCache": 2})"));
    }

    void framesOfSeveralRunsNameTheNearestValidCount()
    {
        ParameterSpec spec;
        spec.frames.runs = {{1, 1, 1}, {17, 408, 1}}; // one image, or 17 frames and more
        GenerationRequest r;
        r.frameCount = 12;
        const auto errors = validateRequest(r, spec);
        const FieldError* frames = find(errors, "frameCount", FieldRule::FrameCount);
        QVERIFY(frames);
        QCOMPARE(frames->args, (std::vector<std::string>{"17", "12"}));
        r.frameCount = 17;
        QVERIFY(validateRequest(r, spec).empty());
    }

    void learnedPositionModelsRunAtTheirSampleSizeOnly()
    {
        const ParameterSpec spec = Engine::parameterSpec(test::cogvideoxFixture("models/tiny-5b-i2v"));
        QCOMPARE(spec.requiredWidth, 96);
        QCOMPARE(spec.requiredHeight, 64);
        QCOMPARE(spec.defaultWidth, 96); // the form starts at a size the model runs at
        QCOMPARE(spec.defaultHeight, 64);
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
