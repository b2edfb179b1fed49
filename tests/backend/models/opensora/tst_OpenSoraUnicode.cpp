// Python 3.11's str.lower (special casing, final sigma) and NFC against the reference, re's
// character classes on sample characters, and UTF-8 decoding with Python's replacement rule.
#include "OpenSoraTextCases.h"

#include "models/opensora/text/OpenSoraUnicode.h"

#include <QTest>

using framesmith::OpenSoraUnicode;

class tst_OpenSoraUnicode : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lowerMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("lower", OpenSoraUnicode::lower);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    }

    void nfcMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("nfc", OpenSoraUnicode::nfc);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    }

    void characterClassesFollowPython()
    {
        QVERIFY(OpenSoraUnicode::isWord(U'_') && OpenSoraUnicode::isWord(U'\u00e9') && OpenSoraUnicode::isWord(U'\u4e00'));
        QVERIFY(OpenSoraUnicode::isWord(U'\u00b2') && !OpenSoraUnicode::isWord(U'-') && !OpenSoraUnicode::isWord(U'\u0301'));
        QVERIFY(OpenSoraUnicode::isDigit(U'\u0663') && !OpenSoraUnicode::isDigit(U'\u00b2'));
        QVERIFY(OpenSoraUnicode::isSpace(U'\u00a0') && OpenSoraUnicode::isSpace(U'\x1c') && !OpenSoraUnicode::isSpace(U'\u200b'));
    }

    void utf8FollowsPythonReplacement()
    {
        // b"a\xe2\x82\xc3\xa9\xff\xf0\x80".decode("utf-8", "replace") == "a\ufffd\u00e9\ufffd\ufffd\ufffd"
        const std::string bytes("a\xe2\x82\xc3\xa9\xff\xf0\x80", 8);
        QVERIFY(OpenSoraUnicode::fromUtf8(bytes) == U"a\ufffd\u00e9\ufffd\ufffd\ufffd");
        QVERIFY(OpenSoraUnicode::toUtf8(U"\u00e9\U0001F600") == "\xc3\xa9\xf0\x9f\x98\x80");
    }
};

QTEST_GUILESS_MAIN(tst_OpenSoraUnicode)
#include "tst_OpenSoraUnicode.moc"
