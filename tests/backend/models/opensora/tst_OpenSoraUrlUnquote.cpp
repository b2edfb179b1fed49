// urllib.parse.unquote_plus against the reference (%XX runs decoded as UTF-8 with replacement,
// '+' as space, malformed escapes kept).
#include "OpenSoraTextCases.h"

#include "text/python/UrlUnquote.h"

#include <QTest>

class tst_OpenSoraUrlUnquote : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unquotePlusMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("unquote_plus", framesmith::UrlUnquote::unquotePlus);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    }
};

QTEST_GUILESS_MAIN(tst_OpenSoraUrlUnquote)
#include "tst_OpenSoraUrlUnquote.moc"
