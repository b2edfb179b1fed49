// ParametersPanel: the spin boxes take the model's limits and steps; the whole 64-bit seed is
// readable; refused fields are marked and the messages shown without squeezing the fields.
#include "ui/ParametersPanel.h"

#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QTest>

class tst_ParametersPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void spinBoxesFollowTheModelsSpec()
    {
        ParametersPanel panel;
        framesmith::ParameterSpec spec = framesmith::cogVideoXSpec(true, true); // 1.5: 16N+1 frames
        spec.sizeMultiple = 32;
        spec.minSize = 32;
        spec.maxSize = 1024;
        spec.maxSteps = 200;
        panel.applySpec(spec);
        auto* frames = panel.findChild<QSpinBox*>(QStringLiteral("frameCountSpin"));
        QCOMPARE(frames->minimum(), 17);
        QCOMPARE(frames->maximum(), spec.maxFrames);
        QCOMPARE(frames->singleStep(), 16);
        frames->setValue(81);
        frames->stepBy(1);
        QCOMPARE(frames->value(), 97); // the next valid count
        auto* width = panel.findChild<QSpinBox*>(QStringLiteral("widthSpin"));
        QCOMPARE(width->singleStep(), 32);
        QCOMPARE(width->minimum(), 32);
        QCOMPARE(width->maximum(), 1024);
        QCOMPARE(panel.findChild<QSpinBox*>(QStringLiteral("stepsSpin"))->maximum(), 200);
        QVERIFY(frames->toolTip().contains(QStringLiteral("16N+1")));
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

QTEST_MAIN(tst_ParametersPanel)
#include "tst_ParametersPanel.moc"
