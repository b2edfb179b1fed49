// PythonRegex's two flavours: Python's `re` and the third-party `regex` module differ on str
// patterns in \s (re: str.isspace(), U+001C..U+001F included; regex: Unicode White_Space), which
// decides what re.sub(r"\s+", " ", text) collapses; the regex flavour refuses the classes whose
// tables it does not carry instead of answering with re's.
#include "framesmith/Error.h"
#include "text/python/PythonRegex.h"
#include "text/python/PythonUnicode.h"
#include "text/python/PythonWhitespace.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_PythonRegex {

using namespace framesmith;

namespace {

std::string collapse(const std::u32string& text, PythonRegex::Flavor flavor)
{
    return PythonUnicode::toUtf8(PythonRegex(UR"(\s+)", false, flavor).sub(text, U" "));
}

} // namespace

class TestPythonRegex : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void reSpaceIncludesTheInformationSeparators()
    {
        QCOMPARE(collapse(U"a\x1c\x1d b\x1e\x1f" U"c", PythonRegex::Flavor::Re), std::string("a b c"));
    }

    void regexModuleSpaceIsUnicodeWhiteSpace()
    {
        QCOMPARE(collapse(U"a\x1c\x1d b\x1e\x1f" U"c", PythonRegex::Flavor::RegexModule),
                 std::string("a\x1c\x1d b\x1e\x1f" "c"));
        // Everything White_Space collapses in both: tab, newline, NBSP, U+2028, ideographic space.
        for (auto flavor : {PythonRegex::Flavor::Re, PythonRegex::Flavor::RegexModule})
            QCOMPARE(collapse(U"a \t\n\u00a0\u2028\u3000b", flavor), std::string("a b"));
    }

    void regexModuleNegatedSpaceAndClassesFollow()
    {
        const PythonRegex notSpace(UR"([^\s]+)", false, PythonRegex::Flavor::RegexModule);
        const auto match = notSpace.search(U" \x1c" U"x ");
        QVERIFY(match.has_value());
        QCOMPARE(match->begin, std::size_t{1});
        QCOMPARE(match->end, std::size_t{3});
        const PythonRegex upperS(UR"(\S+)", false, PythonRegex::Flavor::RegexModule);
        QCOMPARE(upperS.search(U" \x1f ")->begin, std::size_t{1});
        QVERIFY(!PythonRegex(UR"(\S+)").search(U" \x1f ").has_value());
    }

    void regexModuleRefusesClassesItDoesNotCarry_data()
    {
        QTest::addColumn<QString>("pattern");
        QTest::newRow("word") << R"(\w+)";
        QTest::newRow("not word in a class") << R"([\W])";
        QTest::newRow("digit") << R"(\d)";
        QTest::newRow("boundary") << R"(\bx)";
        QTest::newRow("not boundary") << R"(\Bx)";
    }
    void regexModuleRefusesClassesItDoesNotCarry()
    {
        QFETCH(QString, pattern);
        const std::u32string p = pattern.toStdU32String();
        PythonRegex accepted(p); // re has them
        Q_UNUSED(accepted);
        QVERIFY_THROWS_EXCEPTION(Error, PythonRegex(p, false, PythonRegex::Flavor::RegexModule));
    }

    void whitespaceHelpersShareTheUnicodeTable()
    {
        for (char32_t c = 0; c < 0x3100; ++c)
            QCOMPARE(isPythonWhitespace(c), PythonUnicode::isSpace(c));
        QVERIFY(PythonUnicode::isSpace(0x1c) && !PythonUnicode::isWhiteSpace(0x1c));
        QVERIFY(PythonUnicode::isWhiteSpace(0x3000) && !PythonUnicode::isWhiteSpace(0x200b));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestPythonRegex)

} // namespace tst_PythonRegex
#include "tst_PythonRegex.moc"
