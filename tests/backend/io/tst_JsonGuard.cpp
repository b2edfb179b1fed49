#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <string>

namespace tst_JsonGuard {

using framesmith::ErrorCode;
using framesmith::FileError;
using framesmith::JsonGuard;

class tst_JsonGuard : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsNestingOutsideStrings_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("depth");
        QTest::newRow("flat") << "1" << 0;
        QTest::newRow("object") << "{\"a\": 1}" << 1;
        QTest::newRow("nested") << "{\"a\": [[1], {\"b\": []}]}" << 4;
        QTest::newRow("brackets in strings") << "{\"[[[\": \"{{{\"}" << 1;
        QTest::newRow("escaped quote") << "{\"a\\\"[[\": 1}" << 1;
        QTest::newRow("escaped backslash") << "{\"a\\\\\": [[1]]}" << 3;
    }
    void countsNestingOutsideStrings()
    {
        QFETCH(QString, text);
        QFETCH(int, depth);
        const std::string s = text.toStdString();
        QCOMPARE(JsonGuard::nestingDepth(s.data(), s.size(), 100), depth);
    }

    void stopsCountingPastTheLimit()
    {
        const std::string deep(1000000, '[');
        QCOMPARE(JsonGuard::nestingDepth(deep.data(), deep.size(), 8), 9);
    }

    void rejectsDeepNestingWithoutParsing()
    {
        const std::string deep = std::string(200000, '[') + std::string(200000, ']');
        try {
            JsonGuard::parse(deep.data(), deep.size(), 16, "deep.json", "the file");
            QFAIL("deep nesting accepted");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::BadFile);
            QVERIFY(std::string(e.what()).find("deep.json: the file nests deeper than 16") == 0);
        }
    }

    void namesTheParseErrorPosition()
    {
        const std::string text = "{\"a\": tru}";
        try {
            JsonGuard::parse(text.data(), text.size(), 8, "x.json", "header");
            QFAIL("invalid JSON accepted");
        } catch (const FileError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("x.json: header is not valid JSON (parse error at line 1") == 0, e.what());
            QVERIFY(what.find("[json.exception") == std::string::npos);
        }
    }

    void readFileGivesSpecificCodes()
    {
        QTemporaryDir dir;
        const std::string root = dir.path().toStdString();
        expectCode([&] { JsonGuard::readFile(root + "/absent.json"); }, ErrorCode::MissingFile);
        expectCode([&] { JsonGuard::readFile(root); }, ErrorCode::BadFile);
        std::ofstream(root + "/bad.json") << "{\"a\":";
        expectCode([&] { JsonGuard::readFile(root + "/bad.json"); }, ErrorCode::BadFile);
        std::ofstream(root + "/good.json") << "{\"a\": [1, 2]}";
        QCOMPARE(JsonGuard::readFile(root + "/good.json")["a"][1].get<int>(), 2);
    }

private:
    template <class F>
    void expectCode(F f, ErrorCode code)
    {
        try {
            f();
            QFAIL("no error");
        } catch (const FileError& e) {
            QCOMPARE(int(e.code()), int(code));
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_JsonGuard)

} // namespace tst_JsonGuard
#include "tst_JsonGuard.moc"
