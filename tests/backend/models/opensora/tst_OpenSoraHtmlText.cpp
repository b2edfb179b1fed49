// BeautifulSoup(markup, "html.parser").text (bs4 4.11.2, Python 3.11.2) against the reference on
// constructed markup (containers, comments, CDATA, void elements, broken and unfinished tags,
// references with and without ';') and seeded random mixes (component_cases.json).
#include "OpenSoraTextCases.h"

#include "framesmith/Error.h"
#include "text/python/HtmlText.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_OpenSoraHtmlText {

using framesmith::HtmlText;

class tst_OpenSoraHtmlText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void textMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("html_text", HtmlText::text);
        QVERIFY2(failures.isEmpty(), qPrintable(QString::number(failures.size()) + " differ:\n" + failures.mid(0, 15).join("\n")));
    }

    void containersAndCommentsAreNotText()
    {
        QVERIFY(HtmlText::text(U"a<script>b</script>c<!--d-->e<rt>f</rt>g") == U"aceg");
    }

    void unreadableMarkedSectionsAreRefused()
    {
        QVERIFY_THROWS_EXCEPTION(framesmith::InvalidRequestError, HtmlText::text(U"a<![foo[x]]>b"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraHtmlText)

} // namespace tst_OpenSoraHtmlText
#include "tst_OpenSoraHtmlText.moc"
