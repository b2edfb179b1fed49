// html.unescape against the reference (named references with the longest-prefix rule, numeric
// references with the invalid-charref table) and the entity tables bs4 and ftfy read.
#include "OpenSoraTextCases.h"

#include "models/opensora/text/OpenSoraHtmlEntities.h"

#include <QTest>

using framesmith::OpenSoraHtmlEntities;

class tst_OpenSoraHtmlEntities : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unescapeMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("unescape", OpenSoraHtmlEntities::unescape);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.mid(0, 15).join("\n")));
    }

    void tablesResolveNames()
    {
        QVERIFY(OpenSoraHtmlEntities::html5(U"amp") == std::u32string(U"&"));
        QVERIFY(OpenSoraHtmlEntities::html5(U"hellip;") == std::u32string(U"\u2026"));
        QVERIFY(!OpenSoraHtmlEntities::html5(U"hellip"));
        QVERIFY(OpenSoraHtmlEntities::ftfyEntity(U"NTILDE;") == std::u32string(U"\u00d1"));
        QVERIFY(!OpenSoraHtmlEntities::ftfyEntity(U"amp"));
        QVERIFY(OpenSoraHtmlEntities::numericReference(0x96) == U"\u2013");
        QVERIFY(OpenSoraHtmlEntities::numericReference(0x81) == U"\u0081");
        QVERIFY(OpenSoraHtmlEntities::numericReference(0xFFFF).empty());
    }
};

QTEST_GUILESS_MAIN(tst_OpenSoraHtmlEntities)
#include "tst_OpenSoraHtmlEntities.moc"
