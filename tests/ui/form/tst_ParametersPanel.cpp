// ParametersPanel: the spin boxes take the model's limits and steps and the sampler list its
// family's samplers; a model of another family brings its defaults; the whole 64-bit seed is
// readable; refused fields are marked and the messages shown without squeezing the fields.
#include "ui/form/ParametersPanel.h"
#include "support/TestRegistry.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QSignalSpy>
#include <QTest>

namespace tst_ParametersPanel {

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
