// The Speed picker in an artist's words: "about 1.2× faster, small changes in detail", a measured
// slow-down (Open-Sora's quality setting: 0.94×) "no faster on this machine" and never "faster",
// PSNR in dB only behind the tooltip with the other measured figures.
#include "ui/form/SpeedChoices.h"
#include "support/TestRegistry.h"

#include <QCoreApplication>
#include <QTest>

namespace tst_SpeedChoices {

namespace {
SpeedChoice choice(const QString& family, const QString& id)
{
    for (const SpeedChoice& c : speedChoices(family))
        if (c.id == id)
            return c;
    return {};
}
} // namespace

class tst_SpeedChoices : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void aSlowerSettingIsNeverCalledFaster()
    {
        const SpeedChoice quality = choice(QStringLiteral("opensora"), QStringLiteral("quality"));
        QCOMPARE(quality.text, QStringLiteral("Quality — no faster on this machine, identical video"));
        QVERIFY(!quality.text.contains(QStringLiteral("×")));
        QVERIFY2(quality.toolTip.contains(QStringLiteral("0.94×")), qPrintable(quality.toolTip)); // the figure, behind
    }

    void speedAndChangeInWordsWithTheFiguresInTheToolTip()
    {
        const SpeedChoice balanced = choice(QStringLiteral("cogvideox"), QStringLiteral("balanced"));
        QCOMPARE(balanced.text, QStringLiteral("Balanced — about 1.2× faster, small changes in detail"));
        QVERIFY(!balanced.text.contains(QStringLiteral("dB")));
        QVERIFY2(balanced.toolTip.contains(QStringLiteral("PSNR 32.0 dB")) && balanced.toolTip.contains(QStringLiteral("1.19×")),
                 qPrintable(balanced.toolTip));
        QCOMPARE(choice(QStringLiteral("cogvideox"), QStringLiteral("fast")).text,
                 QStringLiteral("Fast — about 1.4× faster, visible changes in detail"));
        QCOMPARE(choice(QStringLiteral("opensora"), QStringLiteral("fast")).text,
                 QStringLiteral("Fast — about 1.3× faster, no visible change"));
        QCOMPARE(choice(QStringLiteral("cogvideox"), QStringLiteral("off")).text, QStringLiteral("Off"));
        QVERIFY(choice(QString(), QStringLiteral("fast")).text.contains(QStringLiteral("not measured")));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_SpeedChoices)

} // namespace tst_SpeedChoices
#include "tst_SpeedChoices.moc"
