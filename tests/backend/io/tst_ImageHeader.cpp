// ImageHeader reads the declared pixel size of PNG, JPEG, GIF, BMP and WebP files without decoding
// them, and says nothing (nullopt) for anything else or a header cut short.
#include "io/ImageHeader.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_ImageHeader {

using namespace framesmith;

namespace {
std::string bytes(std::initializer_list<int> values)
{
    std::string b;
    for (int v : values)
        b.push_back(static_cast<char>(v));
    return b;
}
} // namespace

class TestImageHeader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsTheFixturePng()
    {
        const auto size = ImageHeader::read(test::cogvideoxFixture("golden/tiny-5b-i2v/image.png"));
        QVERIFY(size);
        QCOMPARE(size->width, 96);
        QCOMPARE(size->height, 64);
    }

    void readsEveryKnownFormat_data()
    {
        QTest::addColumn<QByteArray>("header");
        QTest::addColumn<qint64>("width");
        QTest::addColumn<qint64>("height");
        auto row = [](const char* name, const std::string& b, qint64 w, qint64 h) {
            QTest::newRow(name) << QByteArray(b.data(), int(b.size())) << w << h;
        };
        // JPEG: an APP0 segment, then a progressive frame header (SOF2) of 640 x 480.
        row("jpeg", bytes({0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xFF, 0xC2, 0, 17, 8, 0x01, 0xE0, 0x02, 0x80, 3}),
            640, 480);
        row("gif", std::string("GIF89a") + bytes({0x20, 0x03, 0x58, 0x02}), 800, 600);
        std::string bmp = "BM" + std::string(12, '\0') + bytes({40, 0, 0, 0, 0x00, 0x04, 0, 0, 0x00, 0xFD, 0xFF, 0xFF});
        row("bmp, top-down", bmp, 1024, 768);
        const std::string riff = "RIFF" + std::string(4, '\0') + "WEBP";
        row("webp lossy", riff + "VP8 " + std::string(10, '\0') + bytes({0x80, 0x02, 0xE0, 0x01}), 640, 480);
        // VP8L: signature 0x2F, then 14 bits width-1 and 14 bits height-1 (99 and 49).
        const std::uint32_t bits = 99u | (49u << 14);
        row("webp lossless",
            riff + "VP8L" + std::string(4, '\0') +
                bytes({0x2F, int(bits & 0xFF), int(bits >> 8 & 0xFF), int(bits >> 16 & 0xFF), int(bits >> 24)}),
            100, 50);
        row("webp extended", riff + "VP8X" + std::string(8, '\0') + bytes({0x1F, 0x4E, 0, 0x1F, 0x4E, 0}), 20000,
            20000);
    }
    void readsEveryKnownFormat()
    {
        QFETCH(QByteArray, header);
        QFETCH(qint64, width);
        QFETCH(qint64, height);
        const auto size = ImageHeader::parse(header.toStdString());
        QVERIFY(size);
        QCOMPARE(size->width, width);
        QCOMPARE(size->height, height);
    }

    void unknownOrShortHeadersSayNothing()
    {
        QVERIFY(!ImageHeader::parse(""));
        QVERIFY(!ImageHeader::parse("\x89PNG\r\n\x1a\n"));
        QVERIFY(!ImageHeader::parse(bytes({0xFF, 0xD8, 0xFF, 0xDA, 0, 2})));   // scan before any frame header
        QVERIFY(!ImageHeader::parse(bytes({0xFF, 0xD8, 0xFF, 0xE0, 0x7F, 0xFF}))); // segment runs past the end
        QVERIFY(!ImageHeader::parse("just some text, not an image"));
        QVERIFY(!ImageHeader::read("/nonexistent/image.png"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestImageHeader)

} // namespace tst_ImageHeader
#include "tst_ImageHeader.moc"
