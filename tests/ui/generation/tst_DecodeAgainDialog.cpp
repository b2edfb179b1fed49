// DecodeAgainDialog: starts from tiles smaller than the preset's (a failed decode most often ran
// out of memory), gives back exactly the VAE settings chosen, disables the tile sizes when tiling
// is off, and says when the latents hold fewer steps than were asked.
#include "ui/generation/DecodeAgainDialog.h"
#include "support/TestRegistry.h"

#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>

namespace tst_DecodeAgainDialog {

class tst_DecodeAgainDialog : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void startsWithSmallerTiles()
    {
        DecodeAgainDialog dialog(QStringLiteral("/data/checkpoints/a.latents.safetensors"), 50, 50);
        const framesmith::DecodeOptions defaults;
        QVERIFY(dialog.options().tiling);
        QVERIFY(dialog.options().tileHeight < defaults.tileHeight);
        QVERIFY(dialog.options().tileWidth < defaults.tileWidth);
        QVERIFY(dialog.findChild<QLabel*>(QStringLiteral("introLabel"))->text().contains(QStringLiteral("a.latents")));
        QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("decodeButton"))->text().isEmpty());
    }

    void givesBackTheChosenSettings()
    {
        DecodeAgainDialog dialog(QStringLiteral("c.latents.safetensors"), 50, 50);
        framesmith::DecodeOptions chosen;
        chosen.tiling = true;
        chosen.slicing = true;
        chosen.tileHeight = 128;
        chosen.tileWidth = 192;
        dialog.setOptions(chosen);
        const framesmith::DecodeOptions out = dialog.options();
        QCOMPARE(out.tiling, true);
        QCOMPARE(out.slicing, true);
        QCOMPARE(out.tileHeight, 128);
        QCOMPARE(out.tileWidth, 192);

        auto* tiling = dialog.findChild<QCheckBox*>(QStringLiteral("tilingCheck"));
        tiling->setChecked(false);
        QVERIFY(!dialog.options().tiling);
        QVERIFY(!dialog.findChild<QSpinBox*>(QStringLiteral("tileHeightSpin"))->isEnabled());
        QVERIFY(!dialog.findChild<QSpinBox*>(QStringLiteral("tileWidthSpin"))->isEnabled());
        tiling->setChecked(true);
        QVERIFY(dialog.findChild<QSpinBox*>(QStringLiteral("tileWidthSpin"))->isEnabled());
    }

    void saysWhenTheLatentsAreUnfinished()
    {
        DecodeAgainDialog partial(QStringLiteral("p.latents.safetensors"), 12, 50);
        const QString text = partial.findChild<QLabel*>(QStringLiteral("introLabel"))->text();
        QVERIFY2(text.contains(QStringLiteral("12 of 50")), qPrintable(text));
        DecodeAgainDialog whole(QStringLiteral("w.latents.safetensors"), 50, 50);
        QVERIFY(!whole.findChild<QLabel*>(QStringLiteral("introLabel"))->text().contains(QStringLiteral("of 50")));
    }
};

FRAMESMITH_TEST_MAIN(tst_DecodeAgainDialog)

} // namespace tst_DecodeAgainDialog
#include "tst_DecodeAgainDialog.moc"
