#include "io/Float8Codec.h"

#include <ATen/ATen.h>

#include <QTest>

#include <cmath>

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

    void widenKeepsShape()
    {
        at::Tensor raw = at::arange(0, 24, at::kByte).reshape({2, 3, 4});
        at::Tensor out = Float8Codec::widen(raw, "F8_E5M2");
        QCOMPARE(out.sizes().vec(), (std::vector<std::int64_t>{2, 3, 4}));
        QCOMPARE(out.scalar_type(), at::kFloat);
        QCOMPARE(out[1][2][3].item<float>(), Float8Codec::toFloat(23, "F8_E5M2"));
    }
};

QTEST_GUILESS_MAIN(tst_Float8Codec)
#include "tst_Float8Codec.moc"
