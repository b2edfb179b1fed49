// urllib.parse.unquote_plus against the reference (%XX runs decoded as UTF-8 with replacement,
// '+' as space, malformed escapes kept).
#include "OpenSoraTextCases.h"

#include "text/python/UrlUnquote.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_OpenSoraUrlUnquote {

class tst_OpenSoraUrlUnquote : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void unquotePlusMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("unquote_plus", framesmith::UrlUnquote::unquotePlus);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraUrlUnquote)

} // namespace tst_OpenSoraUrlUnquote
#include "tst_OpenSoraUrlUnquote.moc"
