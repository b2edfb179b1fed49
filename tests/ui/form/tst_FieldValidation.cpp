// FieldValidation: the backend's rules (the ones generate applies) come back worded from their
// codes and numbers, naming the field; the seed's text and the output folder are checked too.
#include "ui/form/FieldValidation.h"
#include "support/TestRegistry.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace tst_FieldValidation {

namespace {
framesmith::FamilyKnob knob(const char* name, framesmith::KnobKind kind, const char* label)
{
    framesmith::FamilyKnob k;
    k.name = name;
    k.kind = kind;
    k.label = label;
    return k;
}

// A text-to-video model of the 8N+1 kind (9 to 161 frames, sizes in multiples of 16).
framesmith::ParameterSpec eightNPlusOne()
{
    framesmith::ParameterSpec spec;
    spec.frames.runs = {{9, 161, 8}};
    spec.sizeMultiple = 16;
    spec.maxSteps = 500;
    spec.supportsStartImage = false;
    return spec;
}
} // namespace

class tst_FieldValidation : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void rulesAreWordedFromTheirCodes()
    {
        framesmith::GenerationRequest r;
        r.frameCount = 10;
        r.width = 500;
        const auto result = FieldValidation::check(r, eightNPlusOne(), QStringLiteral("42"), {});
        QCOMPARE(result.messages,
                 (QStringList{QStringLiteral("Frames: must be 8N+1 (9–161) for this model (e.g. 9), not 10"),
                              QStringLiteral("Width: must be a multiple of 16, not 500")}));
        QCOMPARE(result.fields, (QSet<QString>{QStringLiteral("frameCount"), QStringLiteral("width")}));
    }

    void samplerAndRulesOfTheModelAreWorded()
    {
        framesmith::ParameterSpec spec;
        spec.frames.runs = {{1, 1, 1}, {17, 408, 1}};
        spec.schedulers = {{"ddim", "DDIM", ""}};
        framesmith::GenerationRequest r;
        r.frameCount = 12;
        r.scheduler = "euler";
        const auto result = FieldValidation::check(r, spec, QStringLiteral("1"), {});
        QCOMPARE(result.messages,
                 (QStringList{QStringLiteral("Frames: must be 1 or 17–408 for this model (e.g. 17), not 12"),
                              QStringLiteral("Sampler: this model does not offer the sampler euler: choose another")}));
        QCOMPARE(result.fields, (QSet<QString>{QStringLiteral("frameCount"), QStringLiteral("scheduler")}));
    }

    void knobRulesAreWordedWithTheKnobsLabel()
    {
        framesmith::ParameterSpec spec = eightNPlusOne();
        framesmith::FamilyKnob shift = knob("flow_shift", framesmith::KnobKind::Number, "Flow shift");
        shift.minimum = 0.1;
        shift.maximum = 20;
        spec.knobs = {shift, knob("dynamic_guidance", framesmith::KnobKind::Switch, "Dynamic guidance")};
        framesmith::GenerationRequest r;
        r.knobs = {{"flow_shift", 25.0}, {"dynamic_guidance", std::int64_t(2)}, {"flow_shfit", 1.0}};
        const auto result = FieldValidation::check(r, spec, QStringLiteral("1"), {});
        QCOMPARE(result.messages,
                 (QStringList{QStringLiteral("Dynamic guidance: must be on or off, not 2"),
                              QStringLiteral("flow_shfit: this model has no such setting: clear it"),
                              QStringLiteral("Flow shift: must be between 0.1 and 20, not 25")}));
        QCOMPARE(result.fields, (QSet<QString>{QStringLiteral("knobs.flow_shift"), QStringLiteral("knobs.dynamic_guidance"),
                                               QStringLiteral("knobs.flow_shfit")}));
    }

    void theSameRulesAsGenerate()
    {
        // What the engine refuses the form refuses, field by field.
        framesmith::GenerationRequest r;
        r.frameCount = 10;
        r.steps = 0;
        r.startImagePath = "x.png";
        const framesmith::ParameterSpec spec = eightNPlusOne();
        const auto errors = framesmith::validateRequest(r, spec);
        const auto result = FieldValidation::check(r, spec, QStringLiteral("1"), {});
        QCOMPARE(result.messages.size(), int(errors.size()));
        for (const auto& error : errors)
            QVERIFY(result.fields.contains(QString::fromStdString(error.field)));
    }

    void seedAndOutputFolderAreChecked()
    {
        framesmith::GenerationRequest r;
        auto result = FieldValidation::check(r, eightNPlusOne(), QStringLiteral("12x"), {});
        QCOMPARE(result.fields, QSet<QString>{QStringLiteral("seed")});
        QTemporaryDir dir;
        QVERIFY(FieldValidation::canWriteTo(dir.filePath(QStringLiteral("not/yet/made"))));
        QFile file(dir.filePath(QStringLiteral("a-file")));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.close();
        const QString underAFile = dir.filePath(QStringLiteral("a-file/clips"));
        QVERIFY(!FieldValidation::canWriteTo(underAFile));
        result = FieldValidation::check(r, eightNPlusOne(), QStringLiteral("1"), underAFile);
        QVERIFY(result.fields.contains(QStringLiteral("output")));
        QVERIFY(result.messages.first().startsWith(QStringLiteral("Output: ")));
    }
};

FRAMESMITH_TEST_APPLESS_MAIN(tst_FieldValidation)

} // namespace tst_FieldValidation
#include "tst_FieldValidation.moc"
