#include "io/Float8Codec.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tst_Float8Codec {

using framesmith::Float8Codec;

class tst_Float8Codec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void decodesKnownValues_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<int>("byte");
        QTest::addColumn<float>("value");
        QTest::newRow("e4m3 one") << "F8_E4M3" << 0x38 << 1.0f;
        QTest::newRow("e4m3 minus two") << "F8_E4M3" << 0xC0 << -2.0f;
        QTest::newRow("e4m3 max") << "F8_E4M3" << 0x7E << 448.0f;
        QTest::newRow("e4m3 min subnormal") << "F8_E4M3" << 0x01 << std::ldexp(1.0f, -9);
        QTest::newRow("e4m3 1.875") << "F8_E4M3" << 0x3F << 1.875f;
        QTest::newRow("e4m3 max exponent finite") << "F8_E4M3" << 0x78 << 256.0f;
        QTest::newRow("e5m2 one") << "F8_E5M2" << 0x3C << 1.0f;
        QTest::newRow("e5m2 max") << "F8_E5M2" << 0x7B << 57344.0f;
        QTest::newRow("e5m2 min subnormal") << "F8_E5M2" << 0x01 << std::ldexp(1.0f, -16);
        QTest::newRow("e5m2 -1.75") << "F8_E5M2" << 0xBF << -1.75f;
    }
    void decodesKnownValues()
    {
        QFETCH(QString, format);
        QFETCH(int, byte);
        QFETCH(float, value);
        QCOMPARE(Float8Codec::toFloat(static_cast<std::uint8_t>(byte), format.toStdString()), value);
    }

    void specialValues()
    {
        QVERIFY(std::isnan(Float8Codec::toFloat(0x7F, "F8_E4M3")));
        QVERIFY(std::isnan(Float8Codec::toFloat(0xFF, "F8_E4M3")));
        QCOMPARE(Float8Codec::toFloat(0x7C, "F8_E5M2"), std::numeric_limits<float>::infinity());
        QCOMPARE(Float8Codec::toFloat(0xFC, "F8_E5M2"), -std::numeric_limits<float>::infinity());
        QVERIFY(std::isnan(Float8Codec::toFloat(0x7D, "F8_E5M2")));
        QCOMPARE(Float8Codec::toFloat(0x80, "F8_E4M3"), -0.0f);
    }

    void positiveCodesIncreaseMonotonically()
    {
        for (const char* format : {"F8_E4M3", "F8_E5M2"}) {
            const int lastFinite = std::string(format) == "F8_E4M3" ? 0x7E : 0x7B;
            for (int b = 1; b <= lastFinite; ++b)
                QVERIFY2(Float8Codec::toFloat(b, format) > Float8Codec::toFloat(b - 1, format), format);
        }
    }

    void narrowingRoundTripsEveryE4M3Value()
    {
        for (int b = 0; b < 256; ++b) {
            const float value = Float8Codec::toFloat(static_cast<std::uint8_t>(b), "F8_E4M3");
            if (std::isnan(value))
                continue;
            QCOMPARE(int(Float8Codec::toE4M3(value)), b);
        }
    }

    void narrowingRoundsTiesToEvenAndSaturates_data()
    {
        QTest::addColumn<float>("value");
        QTest::addColumn<int>("byte");
        QTest::newRow("1.0625: tie between 1 and 1.125, to even") << 1.0625f << 0x38;
        QTest::newRow("1.1875: tie between 1.125 and 1.25, to even") << 1.1875f << 0x3A;
        QTest::newRow("just above a tie") << std::nextafter(1.0625f, 2.0f) << 0x39;
        QTest::newRow("2^-10: tie between 0 and the smallest subnormal") << std::ldexp(1.0f, -10) << 0x00;
        QTest::newRow("3 * 2^-10: tie between subnormals 1 and 2") << 3 * std::ldexp(1.0f, -10) << 0x02;
        QTest::newRow("15 * 2^-10: subnormal rounds up into the smallest normal") << 15 * std::ldexp(1.0f, -10) << 0x08;
        QTest::newRow("464: rounds to 448 (no 480 in e4m3fn)") << 464.0f << 0x7E;
        QTest::newRow("1e6 saturates") << 1e6f << 0x7E;
        QTest::newRow("-1e6 saturates") << -1e6f << 0xFE;
        QTest::newRow("-0") << -0.0f << 0x80;
        QTest::newRow("nan") << std::numeric_limits<float>::quiet_NaN() << 0x7F;
    }
    void narrowingRoundsTiesToEvenAndSaturates()
    {
        QFETCH(float, value);
        QFETCH(int, byte);
        QCOMPARE(int(Float8Codec::toE4M3(value)), byte);
    }

    void narrowingPicksTheNearestValue()
    {
        // Against a brute-force search of the table for random values over the whole range.
        at::Tensor table = Float8Codec::table("F8_E4M3");
        at::manual_seed(3);
        at::Tensor values = at::randn({4000}) * at::pow(2.0, at::randint(-12, 9, {4000}).to(at::kFloat));
        at::Tensor bytes = Float8Codec::narrowToE4M3(values);
        for (std::int64_t i = 0; i < values.numel(); ++i) {
            const float v = values[i].item<float>();
            const float got = table[bytes[i].item<std::uint8_t>()].item<float>();
            float best = std::numeric_limits<float>::infinity();
            for (int b = 0; b < 256; ++b) {
                const float candidate = table[b].item<float>();
                if (!std::isnan(candidate))
                    best = std::min(best, std::fabs(candidate - std::clamp(v, -448.0f, 448.0f)));
            }
            QVERIFY2(std::fabs(got - std::clamp(v, -448.0f, 448.0f)) == best, qPrintable(QString::number(v)));
        }
    }

    void widenKeepsShape()
    {
        at::Tensor raw = at::arange(0, 24, at::kByte).reshape({2, 3, 4});
        at::Tensor out = Float8Codec::widen(raw, "F8_E5M2");
        QCOMPARE(out.sizes().vec(), (std::vector<std::int64_t>{2, 3, 4}));
        QCOMPARE(out.scalar_type(), at::kFloat);
        QCOMPARE(out[1][2][3].item<float>(), Float8Codec::toFloat(23, "F8_E5M2"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_Float8Codec)

} // namespace tst_Float8Codec
#include "tst_Float8Codec.moc"
