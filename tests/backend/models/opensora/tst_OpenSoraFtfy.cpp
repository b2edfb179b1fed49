// ftfy.fix_text (6.2.0) against the reference on mojibake in its original case and lower-cased,
// entities, ligatures, widths, quotes, C1 controls and seeded random mixes (component_cases.json).
#include "OpenSoraTextCases.h"

#include "text/python/Ftfy.h"
#include "text/python/FtfyEncoding.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_OpenSoraFtfy {

using framesmith::Ftfy;
using framesmith::FtfyEncoding;

class tst_OpenSoraFtfy : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void fixTextMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("fix_text", Ftfy::fixText);
        QVERIFY2(failures.isEmpty(), qPrintable(QString::number(failures.size()) + " differ:\n" + failures.mid(0, 15).join("\n")));
    }

    void documentedExamples()
    {
        // ftfy's own docstring examples (as 6.2.0 computes them: the ellipsis stays one character).
        QVERIFY(Ftfy::fixText(U"\u00e2\u0153\u201d No problems") == U"\u2714 No problems");
        QVERIFY(Ftfy::fixText(U"Broken text&hellip; it&#x2019;s \ufb02ubberi\ufb01c!") == U"Broken text\u2026 it's flubberific!");
        QVERIFY(Ftfy::fixText(U"\uff2c\uff2f\uff35\uff24\u3000\uff2e\uff2f\uff29\uff33\uff25\uff33") == U"LOUD NOISES");
        QVERIFY(FtfyEncoding::fixEncoding(U"s\u00c3\u00b3") == U"s\u00f3");
    }

    void htmlUnescapingStopsAtTheFirstTag()
    {
        // unescape_html="auto": off for this segment and every later one once a '<' appears.
        QVERIFY(Ftfy::fixText(U"&amp;\n<b>&amp;\n&amp;") == U"&\n<b>&amp;\n&amp;");
    }

    void utf8VariantsDecodeCesuAndJavaNull()
    {
        const std::u32string cesu{0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80};
        QVERIFY(FtfyEncoding::decodeUtf8(cesu, true) == std::u32string(1, 0x1F600));
        QVERIFY(!FtfyEncoding::decodeUtf8(cesu, false));
        QVERIFY(FtfyEncoding::decodeUtf8(std::u32string{0x61, 0xC0, 0x80}, true) == std::u32string({0x61, 0}));
        QVERIFY(!FtfyEncoding::decodeUtf8(std::u32string{0xC3}, false));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraFtfy)

} // namespace tst_OpenSoraFtfy
#include "tst_OpenSoraFtfy.moc"
