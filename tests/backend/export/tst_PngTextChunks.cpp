// Text chunks in exported PNG frames: right place, right type, valid CRC, UTF-8 intact.
#include "export/PngTextChunks.h"

#include "framesmith/Error.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_PngTextChunks {

using namespace framesmith;

class tst_PngTextChunks : public QObject {
    Q_OBJECT

private:
    struct Chunk {
        std::string type;
        std::string data;
        bool hasValidCrc;
    };

    // Independent bitwise CRC-32 (ISO 3309), as the PNG specification defines it.
    static std::uint32_t crc32(const std::uint8_t* data, std::size_t size)
    {
        std::uint32_t crc = 0xffffffffu;
        for (std::size_t i = 0; i < size; ++i) {
            crc ^= data[i];
            for (int bit = 0; bit < 8; ++bit)
                crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
        }
        return crc ^ 0xffffffffu;
    }

    static std::uint32_t bigEndian(const std::uint8_t* p) { return std::uint32_t(p[0]) << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

    static std::vector<Chunk> chunks(const std::vector<std::uint8_t>& png)
    {
        std::vector<Chunk> found;
        for (std::size_t at = 8; at + 12 <= png.size();) {
            const std::uint32_t length = bigEndian(&png[at]);
            const std::uint8_t* typeAndData = &png[at + 4];
            found.push_back({std::string(typeAndData, typeAndData + 4), std::string(typeAndData + 4, typeAndData + 4 + length),
                             crc32(typeAndData, length + 4) == bigEndian(typeAndData + 4 + length)});
            at += 12 + length;
        }
        return found;
    }

    // A minimal PNG: signature, IHDR (1x1 RGB), an empty IEND; CRCs are not needed for the input.
    static std::vector<std::uint8_t> tinyPng()
    {
        std::vector<std::uint8_t> png = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R',
                                         0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0, 0, 0, 0};
        const std::vector<std::uint8_t> end = {0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
        png.insert(png.end(), end.begin(), end.end());
        return png;
    }

private Q_SLOTS:
    void insertsTextAfterTheHeader()
    {
        const std::vector<std::uint8_t> in = tinyPng();
        const std::string prompt = "snow \xe9\x9b\xaa";
        const auto out = withPngTextChunks(in.data(), in.size(), {{"framesmith_seed", "42"}, {"Description", prompt}});
        const auto found = chunks(out);
        QCOMPARE(found.size(), std::size_t(4));
        QCOMPARE(found[0].type, std::string("IHDR"));
        QCOMPARE(found[1].type, std::string("tEXt"));
        QCOMPARE(found[1].data, std::string("framesmith_seed\0" "42", 18));
        QVERIFY(found[1].hasValidCrc);
        QCOMPARE(found[2].type, std::string("iTXt")); // non-ASCII: UTF-8 chunk
        QCOMPARE(found[2].data, std::string("Description\0\0\0\0\0", 16) + prompt);
        QVERIFY(found[2].hasValidCrc);
        QCOMPARE(found[3].type, std::string("IEND"));
        QVERIFY(found[3].hasValidCrc); // untouched
    }

    void rejectsDataThatIsNotPng()
    {
        const std::vector<std::uint8_t> junk(64, 7);
        QVERIFY_THROWS_EXCEPTION(Error, withPngTextChunks(junk.data(), junk.size(), {}));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_PngTextChunks)

} // namespace tst_PngTextChunks
#include "tst_PngTextChunks.moc"
