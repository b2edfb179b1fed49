// The header/tensor-table rules, on in-memory files (the broken files on disk are in
// tst_BrokenFixtures; random mutations in tests/fuzz).
#include "framesmith/Error.h"
#include "io/SafetensorsHeader.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <string>

namespace tst_SafetensorsHeader {

using framesmith::ErrorCode;
using framesmith::FileError;
using framesmith::SafetensorsHeader;

namespace {

std::string fileBytes(const std::string& header, const std::string& data)
{
    std::string out(8, '\0');
    for (int i = 0; i < 8; ++i)
        out[i] = static_cast<char>((static_cast<std::uint64_t>(header.size()) >> (8 * i)) & 0xFF);
    return out + header + data;
}

SafetensorsHeader parse(const std::string& bytes)
{
    return SafetensorsHeader::parse(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(), "mem.safetensors");
}

} // namespace

class tst_SafetensorsHeader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesEntriesSortedByNameWithMetadata()
    {
        const std::string header = "{\"z\":{\"dtype\":\"F16\",\"shape\":[2],\"data_offsets\":[8,12]},"
                                   "\"__metadata__\":{\"format\":\"pt\"},"
                                   "\"a\":{\"dtype\":\"I64\",\"shape\":[1],\"data_offsets\":[0,8]}}  ";
        SafetensorsHeader h = parse(fileBytes(header, std::string(12, 'x')));
        QCOMPARE(h.entries.size(), std::size_t(2));
        QCOMPARE(h.entries[0].name, std::string("a"));
        QCOMPARE(h.entries[1].name, std::string("z"));
        QCOMPARE(h.entries[1].begin, std::uint64_t(8));
        QCOMPARE(h.entries[1].shape, std::vector<std::int64_t>{2});
        QCOMPARE(h.metadata.at("format"), std::string("pt"));
        QCOMPARE(h.dataOffset, std::uint64_t(8 + header.size()));
        QCOMPARE(h.dataBytes, std::uint64_t(12));
    }

    void acceptsEmptyTableAndZeroSizedTensors()
    {
        QCOMPARE(parse(fileBytes("{}", "")).entries.size(), std::size_t(0));
        const std::string header = "{\"e\":{\"dtype\":\"F32\",\"shape\":[0,4],\"data_offsets\":[0,0]},"
                                   "\"f\":{\"dtype\":\"U8\",\"shape\":[0],\"data_offsets\":[0,0]},"
                                   "\"s\":{\"dtype\":\"BF16\",\"shape\":[],\"data_offsets\":[0,2]}}";
        QCOMPARE(parse(fileBytes(header, "ab")).entries.size(), std::size_t(3));
    }

    void knowsEveryFormatDtype()
    {
        for (const auto& dtype : SafetensorsHeader::supportedDtypes())
            QVERIFY(SafetensorsHeader::dtypeSize(dtype) > 0);
        QCOMPARE(SafetensorsHeader::dtypeSize("F8_E4M3"), std::size_t(1));
        QCOMPARE(SafetensorsHeader::dtypeSize("BF16"), std::size_t(2));
        QCOMPARE(SafetensorsHeader::dtypeSize("C64"), std::size_t(0));
    }

    void rejectsWithSpecificMessage_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("problem");
        auto entry = [](const std::string& body) { return "{\"t\":{" + body + "}}"; };
        QTest::newRow("zero header length") << bytes(std::string(8, '\0')) << "does not start with '{'";
        QTest::newRow("offset near 2^64") << bytes(fileBytes(entry("\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":"
                                                                 "[18446744073709551614,18446744073709551615]"), "x"))
                                          << "reach past the end of the data area";
        QTest::newRow("offset above 2^64") << bytes(fileBytes(entry("\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":"
                                                                  "[0,18446744073709551616]"), "x"))
                                           << "data_offsets must be a non-negative integer, got the number";
        QTest::newRow("dimension above int64") << bytes(fileBytes(entry("\"dtype\":\"U8\",\"shape\":[9223372036854775808],"
                                                                      "\"data_offsets\":[0,1]"), "x"))
                                               << "is too large";
        QTest::newRow("product overflow hidden by order")
            << bytes(fileBytes(entry("\"dtype\":\"F64\",\"shape\":[3,6148914691236517206],\"data_offsets\":[0,8]"), "x"))
            << "shape size overflows 64 bits";
        QTest::newRow("rank 33") << bytes(fileBytes(entry("\"dtype\":\"U8\",\"shape\":[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,"
                                                         "1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1],\"data_offsets\":[0,1]"), "x"))
                                 << "33 dimensions";
        QTest::newRow("dtype not a string") << bytes(fileBytes(entry("\"dtype\":4,\"shape\":[1],\"data_offsets\":[0,1]"), "x"))
                                            << "dtype must be a string";
        QTest::newRow("offsets not a pair") << bytes(fileBytes(entry("\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[0]"), "x"))
                                            << "data_offsets must be [begin, end]";
        QTest::newRow("entry not an object") << bytes(fileBytes("{\"t\":[1]}", "")) << "entry must be an object";
        QTest::newRow("metadata array") << bytes(fileBytes("{\"__metadata__\":[\"a\"]}", "")) << "__metadata__ must be an object";
        QTest::newRow("bool dims") << bytes(fileBytes(entry("\"dtype\":\"U8\",\"shape\":[true],\"data_offsets\":[0,1]"), "x"))
                                   << "every dimension must be a non-negative integer";
    }
    void rejectsWithSpecificMessage()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, problem);
        try {
            parse(bytes.toStdString());
            QFAIL("accepted");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::BadFile);
            QCOMPARE(e.path(), std::string("mem.safetensors"));
            QVERIFY2(std::string(e.what()).find(problem.toStdString()) != std::string::npos, e.what());
        }
    }

private:
    static QByteArray bytes(const std::string& s) { return QByteArray(s.data(), int(s.size())); }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_SafetensorsHeader)

} // namespace tst_SafetensorsHeader
#include "tst_SafetensorsHeader.moc"
