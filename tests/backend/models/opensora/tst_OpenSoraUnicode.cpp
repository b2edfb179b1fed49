// Python 3.11's str.lower (special casing, final sigma) and NFC against the reference, re's
// character classes on sample characters, and UTF-8 decoding with Python's replacement rule.
#include "OpenSoraTextCases.h"

#include "text/python/PythonUnicode.h"
#include "support/TestRegistry.h"

#include <QTest>

namespace tst_OpenSoraUnicode {

using framesmith::PythonUnicode;

class tst_OpenSoraUnicode : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void lowerMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("lower", PythonUnicode::lower);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    }

    void nfcMatchesTheReference()
    {
        const QStringList failures = framesmith::test::compareCases("nfc", PythonUnicode::nfc);
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    }

    void characterClassesFollowPython()
    {
        QVERIFY(PythonUnicode::isWord(U'_') && PythonUnicode::isWord(U'\u00e9') && PythonUnicode::isWord(U'\u4e00'));
        QVERIFY(PythonUnicode::isWord(U'\u00b2') && !PythonUnicode::isWord(U'-') && !PythonUnicode::isWord(U'\u0301'));
        QVERIFY(PythonUnicode::isDigit(U'\u0663') && !PythonUnicode::isDigit(U'\u00b2'));
        QVERIFY(PythonUnicode::isSpace(U'\u00a0') && PythonUnicode::isSpace(U'\x1c') && !PythonUnicode::isSpace(U'\u200b'));
    }

    void utf8FollowsPythonReplacement()
    {
        // b"a\xe2\x82\xc3\xa9\xff\xf0\x80".decode("utf-8", "replace") == "a\ufffd\u00e9\ufffd\ufffd\ufffd"
        const std::string bytes("a\xe2\x82\xc3\xa9\xff\xf0\x80", 8);
        QVERIFY(PythonUnicode::fromUtf8(bytes) == U"a\ufffd\u00e9\ufffd\ufffd\ufffd");
        QVERIFY(PythonUnicode::toUtf8(U"\u00e9\U0001F600") == "\xc3\xa9\xf0\x9f\x98\x80");
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraUnicode)

} // namespace tst_OpenSoraUnicode
#include "tst_OpenSoraUnicode.moc"
