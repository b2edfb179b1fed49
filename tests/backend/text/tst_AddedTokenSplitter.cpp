// Added-token splitting and Python-compatible whitespace stripping, independent of SentencePiece.
#include "text/AddedTokenSplitter.h"
#include "text/python/PythonWhitespace.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_AddedTokenSplitter {

using framesmith::AddedToken;
using framesmith::AddedTokenSplitter;

namespace {

AddedTokenSplitter t5LikeSplitter()
{
    return AddedTokenSplitter({{"</s>", 1, false, false, false},
                               {"<extra_id_1>", 578, true, true, false},
                               {"<extra_id_10>", 569, true, true, false},
                               {"<w>", 700, false, false, true}});
}

using Chunks = std::vector<std::string>;

} // namespace

class tst_AddedTokenSplitter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void splitsOnTokensKeepingOtherText()
    {
        QVERIFY(t5LikeSplitter().split("a </s> b") == (Chunks{"a ", "</s>", " b"}));
        QVERIFY(t5LikeSplitter().split("</s></s>") == (Chunks{"</s>", "</s>"}));
        QVERIFY(t5LikeSplitter().split("plain") == (Chunks{"plain"}));
        QVERIFY(t5LikeSplitter().split("").empty());
    }

    void prefersTheLongestTokenAtAPosition()
    {
        QVERIFY(t5LikeSplitter().split("x<extra_id_10>y") == (Chunks{"x", "<extra_id_10>", "y"}));
        QVERIFY(t5LikeSplitter().split("<extra_id_1") == (Chunks{"<extra_id_1"}));
    }

    void stripRulesUsePythonWhitespace()
    {
        // U+3000 IDEOGRAPHIC SPACE and U+00A0 count as whitespace for str.strip; a stripped-away
        // neighbour disappears.
        QVERIFY(t5LikeSplitter().split("a\u3000\u00a0<extra_id_1>\t\nb") == (Chunks{"a", "<extra_id_1>", "b"}));
        QVERIFY(t5LikeSplitter().split("  <extra_id_1>  ") == (Chunks{"<extra_id_1>"}));
    }

    void singleWordTokensGlueToWords()
    {
        QVERIFY(t5LikeSplitter().split("a <w> b") == (Chunks{"a ", "<w>", " b"}));
        QVERIFY(t5LikeSplitter().split("a<w> b") == (Chunks{"a<w>", " b"}));
    }

    void pythonStripMatchesStrIsspace()
    {
        QVERIFY(framesmith::isPythonWhitespace(0x3000));
        QVERIFY(framesmith::isPythonWhitespace(0x1c));
        QVERIFY(!framesmith::isPythonWhitespace(0x200b)); // ZERO WIDTH SPACE is not str.isspace()
        QCOMPARE(framesmith::pythonLStrip("\u2028 x "), std::string("x "));
        QCOMPARE(framesmith::pythonRStrip(" x\u3000\u205f"), std::string(" x"));
        QCOMPARE(framesmith::pythonRStrip("\xe4\xb8\x80"), std::string("\xe4\xb8\x80")); // 一 is kept whole
        QCOMPARE(framesmith::pythonRStrip("x\xff "), std::string("x\xff"));              // invalid byte kept
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_AddedTokenSplitter)

} // namespace tst_AddedTokenSplitter
#include "tst_AddedTokenSplitter.moc"
