// html.unescape against the reference (named references with the longest-prefix rule, numeric
// references with the invalid-charref table) and the entity tables bs4 and ftfy read.
#include "OpenSoraTextCases.h"

#include "text/python/HtmlEntities.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_OpenSoraHtmlEntities {

using framesmith::HtmlEntities;

class tst_OpenSoraHtmlEntities : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unescapeMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("unescape", HtmlEntities::unescape);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 15).join("\n")));
    }

    void tablesResolveNames()
    {
        QVERIFY(HtmlEntities::html5(U"amp") == std::u32string(U"&"));
        QVERIFY(HtmlEntities::html5(U"hellip;") == std::u32string(U"\u2026"));
        QVERIFY(!HtmlEntities::html5(U"hellip"));
        QVERIFY(HtmlEntities::ftfyEntity(U"NTILDE;") == std::u32string(U"\u00d1"));
        QVERIFY(!HtmlEntities::ftfyEntity(U"amp"));
        QVERIFY(HtmlEntities::numericReference(0x96) == U"\u2013");
        QVERIFY(HtmlEntities::numericReference(0x81) == U"\u0081");
        QVERIFY(HtmlEntities::numericReference(0xFFFF).empty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraHtmlEntities)

} // namespace tst_OpenSoraHtmlEntities
#include "tst_OpenSoraHtmlEntities.moc"
