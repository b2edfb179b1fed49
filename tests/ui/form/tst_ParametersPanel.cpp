// ParametersPanel: the spin boxes take the model's limits and steps and the sampler list its
// family's samplers; a model of another family brings its defaults; the whole 64-bit seed is
// readable; refused fields are marked and the messages shown without squeezing the fields.
#include "ui/form/ParametersPanel.h"
#include "ui/settings/AppTranslator.h"
#include "framesmith/Engine.h"
#include "support/TestRegistry.h"

#include <QCheckBox>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTest>

namespace tst_ParametersPanel {

namespace {
std::string fixture(const char* relative) { return std::string(FRAMESMITH_FIXTURES_DIR) + "/" + relative; }
} // namespace

class tst_ParametersPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void spinBoxesFollowTheModelsSpec()
    {
        ParametersPanel panel;
        framesmith::ParameterSpec spec;
        spec.frames.runs = {{17, 161, 16}}; // 16N+1 frames
        spec.sizeMultiple = 32;
        spec.minSize = 32;
        spec.maxSize = 1024;
        spec.maxSteps = 200;
        panel.applySpec(spec);
        auto* frames = panel.findChild<QSpinBox*>(QStringLiteral("frameCountSpin"));
        QCOMPARE(frames->minimum(), 17);
        QCOMPARE(frames->maximum(), 161);
        QCOMPARE(frames->singleStep(), 16);
        frames->setValue(81);
        frames->stepBy(1);
        QCOMPARE(frames->value(), 97); // the next valid count
        auto* width = panel.findChild<QSpinBox*>(QStringLiteral("widthSpin"));
        QCOMPARE(width->singleStep(), 32);
        QCOMPARE(width->minimum(), 32);
        QCOMPARE(width->maximum(), 1024);
        QCOMPARE(panel.findChild<QSpinBox*>(QStringLiteral("stepsSpin"))->maximum(), 200);
        QVERIFY2(frames->toolTip().contains(QStringLiteral("16N+1 (17–161)")), qPrintable(frames->toolTip()));
    }

    void samplersAreTheFamilysOwn()
    {
        ParametersPanel panel;
        auto* samplers = panel.findChild<QComboBox*>(QStringLiteral("schedulerCombo"));
        framesmith::ParameterSpec spec;
        spec.schedulers = {{"ddim", "DDIM", "deterministic"}, {"dpm", "DPM-Solver++", "second order"}};
        panel.applySpec(spec);
        QStringList ids;
        for (int i = 0; i < samplers->count(); ++i)
            ids << samplers->itemData(i).toString();
        QCOMPARE(ids, (QStringList{QString(), QStringLiteral("ddim"), QStringLiteral("dpm")}));
        QCOMPARE(samplers->itemText(2), QStringLiteral("DPM-Solver++"));
        samplers->setCurrentIndex(2);
        spec.schedulers = {{"euler", "Euler", ""}};
        panel.applySpec(spec); // a model without "dpm": back to the model's own
        QCOMPARE(samplers->count(), 2);
        QCOMPARE(samplers->currentData().toString(), QString());
    }

    void anotherFamilyBringsItsDefaults()
    {
        ParametersPanel panel;
        framesmith::ParameterSpec first;
        first.family = "first";
        first.frames.runs = {{9, 161, 8}};
        panel.adoptModel(first, QString());
        framesmith::GenerationRequest r;
        r.frameCount = 25;
        r.steps = 12;
        panel.write(r);
        panel.adoptModel(first, QStringLiteral("first")); // the same family: the user's values stay
        framesmith::GenerationRequest read;
        panel.readInto(read);
        QCOMPARE(read.frameCount, 25);
        QCOMPARE(read.steps, 12);
        framesmith::ParameterSpec second;
        second.family = "second";
        second.frames.runs = {{1, 1, 1}, {17, 408, 1}};
        second.defaultFrames = 51;
        second.defaultSteps = 30;
        second.defaultGuidanceScale = 7.5;
        second.defaultWidth = 640;
        second.defaultHeight = 352;
        panel.adoptModel(second, QStringLiteral("first"));
        panel.readInto(read);
        QCOMPARE(read.frameCount, 51);
        QCOMPARE(read.steps, 30);
        QCOMPARE(read.guidanceScale, 7.5);
        QCOMPARE(read.width, 640);
        QCOMPARE(read.height, 352);
        QCOMPARE(panel.findChild<QSpinBox*>(QStringLiteral("frameCountSpin"))->maximum(), 408);
    }

    // Speed (step caching): off by default, the user's choice reaches the request and survives a
    // model change, a recorded request selects its own, and a family's shipped measurements are
    // shown beside each setting (a family without them says so).
    void speedChoiceReachesTheRequest()
    {
        ParametersPanel panel;
        framesmith::ParameterSpec spec;
        spec.family = "cogvideox";
        panel.applySpec(spec);
        auto* speed = panel.findChild<QComboBox*>(QStringLiteral("speedCombo"));
        QVERIFY(speed);
        QStringList ids;
        for (int i = 0; i < speed->count(); ++i)
            ids << speed->itemData(i).toString();
        QCOMPARE(ids, (QStringList{QStringLiteral("quality"), QStringLiteral("balanced"), QStringLiteral("fast"),
                                   QStringLiteral("off")}));
        framesmith::GenerationRequest read;
        panel.readInto(read);
        QCOMPARE(read.stepCache, std::string("off"));

        QSignalSpy changed(&panel, &ParametersPanel::changed);
        speed->setFocus();
        speed->setCurrentIndex(0);
        QTest::keyClick(speed, Qt::Key_Down); // Quality -> Balanced
        QTest::keyClick(speed, Qt::Key_Down); // -> Fast
        QVERIFY(changed.count() >= 2);
        panel.readInto(read);
        QCOMPARE(read.stepCache, std::string("fast"));
        QVERIFY2(speed->currentText().contains(QStringLiteral("×")), qPrintable(speed->currentText()));
        QVERIFY(speed->itemData(speed->currentIndex(), Qt::ToolTipRole).toString().contains(QStringLiteral("bench_step_cache")));

        spec.family = "unmeasured";
        panel.adoptModel(spec, QStringLiteral("cogvideox"));
        panel.readInto(read);
        QCOMPARE(read.stepCache, std::string("fast"));
        QVERIFY(speed->currentText().contains(QStringLiteral("not measured")));

        framesmith::GenerationRequest recorded;
        recorded.stepCache = "quality";
        panel.write(recorded);
        panel.readInto(read);
        QCOMPARE(read.stepCache, std::string("quality"));
    }

    // A family's knobs are fields of its models alone, made from their declarations; a knob at its
    // default stays out of the request, and a restored clip's knobs come back.
    void familyKnobsAreFieldsOfTheirModelsOnly()
    {
        using framesmith::KnobValues;
        ParametersPanel panel;
        panel.adoptModel(framesmith::Engine::parameterSpec(fixture("cogvideox/models/tiny-2b")), QString());
        auto* dynamic = panel.findChild<QCheckBox*>(QStringLiteral("knob_dynamic_guidance"));
        QVERIFY(dynamic);
        QVERIFY(!panel.findChild<QWidget*>(QStringLiteral("knob_flow_shift")));
        QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("knobLabel_dynamic_guidance"))->text(),
                 QStringLiteral("Dynamic guidance:"));
        framesmith::GenerationRequest r;
        panel.readInto(r);
        QVERIFY(r.knobs.empty());
        dynamic->setChecked(true);
        panel.readInto(r);
        QVERIFY(r.knobs == (KnobValues{{"dynamic_guidance", true}}));

        panel.adoptModel(framesmith::Engine::parameterSpec(fixture("wan/models/wan2.2-a14b")), QStringLiteral("cogvideox"));
        QVERIFY(!panel.findChild<QWidget*>(QStringLiteral("knob_dynamic_guidance")));
        auto* shift = panel.findChild<QDoubleSpinBox*>(QStringLiteral("knob_flow_shift"));
        auto* second = panel.findChild<QDoubleSpinBox*>(QStringLiteral("knob_guidance_scale_2"));
        QVERIFY(shift && second);
        QCOMPARE(shift->value(), 3.0);  // the model's scheduler config
        QCOMPARE(second->text(), QStringLiteral("Model default"));
        panel.readInto(r);
        QVERIFY(r.knobs.empty());
        shift->setValue(5.0);
        second->setValue(2.5);
        panel.readInto(r);
        QVERIFY(r.knobs == (KnobValues{{"flow_shift", 5.0}, {"guidance_scale_2", 2.5}}));
        r.knobs = {{"flow_shift", 4.0}}; // a clip's sidecar
        panel.write(r);
        QCOMPARE(shift->value(), 4.0);
        QCOMPARE(second->text(), QStringLiteral("Model default"));

        panel.adoptModel(framesmith::Engine::parameterSpec(fixture("wan/models/wan2.1-t2v")), QStringLiteral("wan"));
        QVERIFY(!panel.findChild<QWidget*>(QStringLiteral("knob_guidance_scale_2")));
        QVERIFY(panel.findChild<QWidget*>(QStringLiteral("knob_flow_shift")));
        panel.readInto(r);
        QVERIFY(r.knobs == (KnobValues{{"flow_shift", 4.0}})); // the value set is kept within the family
    }

    // Every family's knob texts are translated (context "FamilyKnob", kept by hand in the .ts files).
    void knobLabelsAndHelpAreChinese()
    {
        ParametersPanel panel;
        AppTranslator translator;
        QVERIFY(translator.apply(QStringLiteral("zh_CN")));
        for (const char* model : {"cogvideox/models/tiny-2b", "wan/models/wan2.2-a14b"}) {
            const framesmith::ParameterSpec spec = framesmith::Engine::parameterSpec(fixture(model));
            panel.adoptModel(spec, QString());
            for (const framesmith::FamilyKnob& knob : spec.knobs) {
                for (const std::string& text : {knob.label, knob.help})
                    QVERIFY2(QCoreApplication::translate("FamilyKnob", text.c_str()) != QString::fromStdString(text),
                             text.c_str());
                const QString name = QString::fromStdString(knob.name);
                auto* label = panel.findChild<QLabel*>(QStringLiteral("knobLabel_") + name);
                QCOMPARE(label->text(), QCoreApplication::translate("FamilyKnob", knob.label.c_str()) +
                                            QStringLiteral("："));
            }
        }
        translator.apply(QStringLiteral("en"));
    }

    void theWholeSeedIsVisible()
    {
        ParametersPanel panel;
        panel.resize(panel.minimumSizeHint());
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        panel.setSeed(18446744073709551615ull);
        auto* seed = panel.findChild<QLineEdit*>(QStringLiteral("seedEdit"));
        QCOMPARE(seed->text(), QStringLiteral("18446744073709551615"));
        const int needed = seed->fontMetrics().horizontalAdvance(seed->text());
        QVERIFY2(seed->width() > needed, qPrintable(QStringLiteral("%1 <= %2").arg(seed->width()).arg(needed)));
        framesmith::GenerationRequest r;
        panel.readInto(r);
        QCOMPARE(r.seed, 18446744073709551615ull);
    }

    void problemsAreShownAndTheirFieldsMarked()
    {
        ParametersPanel panel;
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        const int before = panel.findChild<QSpinBox*>(QStringLiteral("widthSpin"))->height();
        QStringList messages;
        for (int i = 0; i < 12; ++i)
            messages << QStringLiteral("Width: a long explanation of what is wrong with the width, number %1").arg(i);
        panel.showProblems(messages, {QStringLiteral("width")});
        auto* label = panel.findChild<QLabel*>(QStringLiteral("validationLabel"));
        QVERIFY(!label->isHidden());
        QVERIFY(panel.findChild<QLabel*>(QStringLiteral("widthLabel"))->styleSheet().contains(QStringLiteral("#b3261e")));
        QVERIFY(panel.findChild<QLabel*>(QStringLiteral("heightLabel"))->styleSheet().isEmpty());
        QTest::qWait(50);
        QCOMPARE(panel.findChild<QSpinBox*>(QStringLiteral("widthSpin"))->height(), before); // the form scrolls, fields keep their size
        panel.showProblems({}, {});
        QVERIFY(label->isHidden());
    }
};

FRAMESMITH_TEST_MAIN(tst_ParametersPanel)

} // namespace tst_ParametersPanel
#include "tst_ParametersPanel.moc"
