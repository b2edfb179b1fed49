// validateRequest: every broken rule comes back with its field, an English message for the CLI
// and a rule code with its numbers for the GUI to word; the model's own spec carries the size a
// learned-position model (5b-I2V) alone runs at, so the form refuses what generate would refuse.
#include "framesmith/Engine.h"
#include "framesmith/Error.h"
#include "framesmith/ParameterSpec.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTest>
#include <nlohmann/json.hpp>

#include <tuple>

namespace tst_ParameterSpec {

using namespace framesmith;

namespace {
const FieldError* find(const std::vector<FieldError>& errors, const std::string& field, FieldRule rule)
{
    for (const auto& e : errors)
        if (e.field == field && e.rule == rule)
            return &e;
    return nullptr;
}

FamilyKnob knob(const char* name, KnobKind kind)
{
    FamilyKnob k;
    k.name = name;
    k.kind = kind;
    k.label = k.help = name;
    return k;
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
        r.knobs["dynamic_guidance"] = true; // a knob this spec does not declare
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
        const FieldError* knob = find(errors, "knobs.dynamic_guidance", FieldRule::UnknownKnob);
        QVERIFY(knob);
        QCOMPARE(knob->args, (std::vector<std::string>{"dynamic_guidance", ""})); // no nearest, no knobs
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

    // Issue 34: a misspelt key used to be ignored (the job ran without its negative prompt), and
    // "seed": 08 said only "is not a JSON object".
    void jobFilesRefuseUnknownKeysAndSayWhereTheJsonBreaks()
    {
        const auto refusal = [](const std::string& text) -> std::pair<QString, QString> {
            try {
                requestFromJson(text);
            } catch (const InvalidRequestError& e) {
                return {QString::fromStdString(e.field()), QString::fromStdString(e.what())};
            }
            return {};
        };
        auto [field, what] = refusal(R"({"model": "m", "negative_promt": "blurry"})");
        QCOMPARE(field, QStringLiteral("negative_promt"));
        QVERIFY2(what.contains("did you mean \"negativePrompt\"?"), qPrintable(what));
        std::tie(field, what) = refusal(R"({"model": "m", "out": "clip.mp4"})");
        QCOMPARE(field, QStringLiteral("out"));
        QVERIFY2(what.contains("is not a job file key") && what.contains("the keys are model, prompt"), qPrintable(what));
        std::tie(field, what) = refusal(R"({"model": "m", "Seed": 3})");
        QVERIFY2(what.contains("did you mean \"seed\"?"), qPrintable(what));
        std::tie(field, what) = refusal("{\"model\": \"m\",\n \"seed\": 08}");
        QCOMPARE(field, QStringLiteral("job"));
        QVERIFY2(what.contains("not valid JSON") && what.contains("line 2"), qPrintable(what));
        QVERIFY(!what.contains("json.exception"));
        std::tie(field, what) = refusal("[1, 2]");
        QVERIFY2(what.contains("is not a JSON object (it is array)"), qPrintable(what));
        // A sidecar's own keys (export, app, warnings) sit around the request: still a job file.
        GenerationRequest r;
        r.seed = 5;
        const std::string sidecar = R"({"schemaVersion": 1, "app": "Framesmith", "export": {"frames": 9}, "request": )" +
                                    toJson(r) + "}";
        QCOMPARE(requestFromJson(sidecar).seed, std::uint64_t(5));
    }

    // A family's knobs: the request sets them by name; the spec says which exist, their kind and range.
    void knobsAreCheckedByNameKindAndRange()
    {
        ParameterSpec spec = eightNPlusOne();
        FamilyKnob shift = knob("flow_shift", KnobKind::Number);
        shift.minimum = 0.1;
        shift.maximum = 20;
        shift.defaultValue = 3.0;
        FamilyKnob passes = knob("passes", KnobKind::Integer);
        passes.minimum = 1;
        passes.maximum = 4;
        spec.knobs = {shift, passes, knob("dynamic_guidance", KnobKind::Switch)};
        QCOMPARE(spec.knob("passes")->cliFlag(), std::string("--passes"));
        QCOMPARE(spec.knob("dynamic_guidance")->cliFlag(), std::string("--dynamic-guidance"));
        QVERIFY(!spec.knob("flow-shift"));
        GenerationRequest r;
        r.knobs = {{"flow_shift", std::int64_t(5)}, {"passes", std::int64_t(4)}, {"dynamic_guidance", true}};
        for (const FieldError& e : validateRequest(r, spec))
            QVERIFY2(e.field.rfind("knobs.", 0) != 0, e.message.c_str()); // an integer is a number too
        r.knobs = {{"flow_shfit", 5.0}, {"passes", 2.0}, {"dynamic_guidance", std::string("yes")}};
        std::vector<FieldError> errors = validateRequest(r, spec);
        const FieldError* unknown = find(errors, "knobs.flow_shfit", FieldRule::UnknownKnob);
        QVERIFY(unknown);
        QCOMPARE(unknown->args, (std::vector<std::string>{"flow_shfit", "flow_shift", "flow_shift", "passes",
                                                          "dynamic_guidance"}));
        QVERIFY2(unknown->message.find("did you mean 'flow_shift'?") != std::string::npos, unknown->message.c_str());
        const FieldError* whole = find(errors, "knobs.passes", FieldRule::KnobKind);
        QVERIFY(whole);
        QCOMPARE(whole->args, (std::vector<std::string>{"passes", std::to_string(int(KnobKind::Integer)), "2"}));
        QVERIFY(find(errors, "knobs.dynamic_guidance", FieldRule::KnobKind));
        r.knobs = {{"flow_shift", 0.05}, {"passes", std::int64_t(5)}};
        errors = validateRequest(r, spec);
        const FieldError* low = find(errors, "knobs.flow_shift", FieldRule::KnobOutOfRange);
        QVERIFY(low);
        QCOMPARE(low->args, (std::vector<std::string>{"flow_shift", "0.1", "20", "0.05"}));
        QVERIFY2(low->message.find("between 0.1 and 20") != std::string::npos, low->message.c_str());
        QVERIFY(find(errors, "knobs.passes", FieldRule::KnobOutOfRange));
    }

    // Job files and sidecars carry the knobs typed as written; an old sidecar's dynamicGuidance
    // still reads, as CogVideoX's knob, so history and regenerate keep their clips.
    void knobsRoundTripThroughTheJobJson()
    {
        GenerationRequest r;
        r.modelPath = "/models/m";
        QVERIFY(toJson(r).find("knobs") == std::string::npos); // none set: the JSON stays as it was
        QVERIFY(toJson(r).find("dynamicGuidance") == std::string::npos);
        r.knobs = {{"dynamic_guidance", true}, {"guidance_scale_2", 3.0}, {"passes", std::int64_t(2)},
                   {"style", std::string("ink")}};
        const std::string json = toJson(r);
        QVERIFY2(nlohmann::json::parse(json).at("knobs") ==
                     nlohmann::json::parse(R"({"dynamic_guidance": true, "guidance_scale_2": 3.0, "passes": 2, "style": "ink"})"),
                 json.c_str());
        const GenerationRequest back = requestFromJson(json);
        QVERIFY(back.knobs == r.knobs);
        QVERIFY(std::holds_alternative<double>(back.knobs.at("guidance_scale_2"))); // 3.0 stays a number
        QCOMPARE(toJson(back), json);
        const std::string sidecar = R"({"request": {"model": "/models/m", "dynamicGuidance": true}, "seed": 1})";
        QVERIFY(requestFromJson(sidecar).knobs == (KnobValues{{"dynamic_guidance", true}}));
        QVERIFY(requestFromJson(R"({"model": "m", "dynamicGuidance": false})").knobs.empty());
        for (const char* bad : {R"({"model": "m", "knobs": 3})", R"({"model": "m", "knobs": {"a": [1]}})",
                                R"({"model": "m", "knobs": {"a": null}})",
                                R"({"model": "m", "knobs": {"a": 18446744073709551615}})"}) {
            try {
                requestFromJson(bad);
                QFAIL(bad);
            } catch (const InvalidRequestError& e) {
                QVERIFY2(QString(e.what()).contains(QStringLiteral("knobs")), e.what());
            }
        }
    }

    void promptsAreCappedWithAClearMessage()
    {
        GenerationRequest r;
        r.prompt = std::string(10000, 'a');
        QVERIFY(!find(validateRequest(r, eightNPlusOne()), "prompt", FieldRule::OutOfRange));
        r.prompt += "b";
        const auto errors = validateRequest(r, eightNPlusOne());
        const FieldError* prompt = find(errors, "prompt", FieldRule::OutOfRange);
        QVERIFY(prompt);
        QVERIFY2(QString::fromStdString(prompt->message).contains("10001 characters long; at most 10000"),
                 prompt->message.c_str());
        // Characters, not bytes: 10000 CJK characters (30000 bytes) are accepted.
        r.prompt.clear();
        for (int i = 0; i < 10000; ++i)
            r.prompt += "\xe7\x8c\xab";
        QVERIFY(!find(validateRequest(r, eightNPlusOne()), "prompt", FieldRule::OutOfRange));
        r.prompt = "cat";
        r.negativePrompt = std::string(12000, 'x');
        QVERIFY(find(validateRequest(r, eightNPlusOne()), "negativePrompt", FieldRule::OutOfRange));
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

FRAMESMITH_TEST_APPLESS_MAIN(tst_ParameterSpec)

} // namespace tst_ParameterSpec
#include "tst_ParameterSpec.moc"
