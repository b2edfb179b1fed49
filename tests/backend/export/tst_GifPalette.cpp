// The GIF palette: few colours are kept exactly, many colours are reduced to 256 with small error.
#include "SyntheticClip.h"

#include "export/GifPalette.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <set>

namespace tst_GifPalette {

using namespace framesmith;

class tst_GifPalette : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keepsAFewColoursExactly()
    {
        // 5 colours whose 5-bit keys differ: each gets its own box, so the mean is the colour itself.
        const std::vector<std::uint8_t> rgb = {255, 0, 0, 0, 255, 0, 0, 0, 255, 17, 99, 201, 255, 255, 255, 0, 0, 255};
        GifPalette palette;
        palette.addFrame(rgb.data(), rgb.size() / 3);
        palette.build();
        QCOMPARE(palette.colorCount(), 5);
        std::vector<std::uint8_t> indices(6);
        palette.map(rgb.data(), 6, 1, indices.data(), 6);
        for (int i = 0; i < 6; ++i) {
            const std::uint32_t color = palette.argb()[indices[i]];
            QCOMPARE(int((color >> 16) & 255), int(rgb[i * 3]));
            QCOMPARE(int((color >> 8) & 255), int(rgb[i * 3 + 1]));
            QCOMPARE(int(color & 255), int(rgb[i * 3 + 2]));
        }
        QCOMPARE(indices[2], indices[5]); // same colour, same index
    }

    void reducesAGradientClipTo256CloseColours()
    {
        const VideoFrames clip = test::syntheticClip(4, 160, 120);
        GifPalette palette;
        for (int f = 0; f < clip.frameCount; ++f)
            palette.addFrame(clip.frame(f), std::size_t(clip.width) * clip.height);
        palette.build();
        QCOMPARE(palette.colorCount(), 256);
        std::vector<std::uint8_t> indices(std::size_t(clip.width) * clip.height);
        palette.map(clip.frame(2), clip.width, clip.height, indices.data(), clip.width);
        std::set<int> used(indices.begin(), indices.end());
        QVERIFY2(used.size() > 100, "a smooth clip should spread over the palette");
        double worst = 0;
        for (std::size_t p = 0; p < indices.size(); ++p) {
            const std::uint32_t color = palette.argb()[indices[p]];
            for (int c = 0; c < 3; ++c)
                worst = std::max(worst, std::abs(double((color >> (16 - 8 * c)) & 255) - clip.frame(2)[p * 3 + c]));
        }
        QVERIFY2(worst <= 24, qPrintable(QString("worst channel error %1").arg(worst)));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_GifPalette)

} // namespace tst_GifPalette
#include "tst_GifPalette.moc"
