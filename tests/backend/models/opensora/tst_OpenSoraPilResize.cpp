// OpenSoraPilResize against Pillow's own bytes (tests/fixtures/opensora/conditioning/
// pil_resize_crop.json, written by make_pil_resize_crop.py with Pillow 9.4.0): shrinking and
// enlarging, each axis alone, and the untouched same size.
#include "framesmith/Error.h"
#include "models/opensora/conditioning/OpenSoraPilResize.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>
#include <nlohmann/json.hpp>

#include <fstream>

namespace tst_OpenSoraPilResize {

using namespace framesmith;

namespace {

nlohmann::json cases()
{
    std::ifstream in(test::fixturesDir() + "/opensora/conditioning/pil_resize_crop.json");
    return nlohmann::json::parse(in)["cases"];
}

// The generator's pattern: (37x + 91y + 53c + 7xy) mod 256.
at::Tensor pattern(int h, int w)
{
    at::Tensor t = at::empty({h, w, 3}, at::kByte);
    auto a = t.accessor<std::uint8_t, 3>();
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x)
            for (int c = 0; c < 3; ++c)
                a[y][x][c] = static_cast<std::uint8_t>((x * 37 + y * 91 + c * 53 + x * y * 7) % 256);
    return t;
}

at::Tensor bytes(const nlohmann::json& values, int h, int w)
{
    return at::tensor(values.get<std::vector<int>>(), at::kInt).to(at::kByte).view({h, w, 3});
}

} // namespace

class TestOpenSoraPilResize : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void matchesPillowBitForBit()
    {
        int checked = 0;
        for (const auto& c : cases()) {
            const nlohmann::json& plain = c["plain_resize"];
            const int h = plain["height"], w = plain["width"];
            const at::Tensor out = OpenSoraPilResize::bicubic(pattern(c["height"], c["width"]), h, w);
            const at::Tensor expected = bytes(plain["output"], h, w);
            const int differing = out.ne(expected).sum().item<int>();
            QVERIFY2(differing == 0, qPrintable(QString("%1 x %2 -> %3 x %4: %5 bytes differ")
                                                    .arg(int(c["height"])).arg(int(c["width"])).arg(h).arg(w).arg(differing)));
            ++checked;
        }
        QCOMPARE(checked, 7);
    }

    void sameSizeIsACopy()
    {
        const at::Tensor in = pattern(5, 7);
        QVERIFY(at::equal(OpenSoraPilResize::bicubic(in, 5, 7), in));
    }

    void refusesWhatIsNotAnRgbImage()
    {
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, OpenSoraPilResize::bicubic(at::zeros({4, 4}, at::kByte), 2, 2));
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, OpenSoraPilResize::bicubic(at::zeros({4, 4, 3}, at::kFloat), 2, 2));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraPilResize)

} // namespace tst_OpenSoraPilResize
#include "tst_OpenSoraPilResize.moc"
