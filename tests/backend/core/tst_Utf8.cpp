// Utf8::isValid accepts every valid sequence and refuses, at the right offset, what JSON writers
// reject: stray continuation bytes, truncated sequences, overlong forms, surrogates, > U+10FFFF.
#include "core/Utf8.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_Utf8 {

using namespace framesmith;

class TestUtf8 : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void acceptsValidText()
    {
        for (const char* text : {"", "a red fox", "雪中的红狐狸", "emoji \xF0\x9F\xA6\x8A", "\xEF\xBF\xBF", "\xF4\x8F\xBF\xBF"})
            QVERIFY2(Utf8::isValid(text), text);
    }

    void refusesInvalidBytesAtTheirOffset_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("offset");
        QTest::newRow("latin-1 byte") << QByteArray("caf\xE9!") << 3;
        QTest::newRow("stray continuation") << QByteArray("ab\x80") << 2;
        QTest::newRow("truncated") << QByteArray("ok \xE6\x97") << 3;
        QTest::newRow("overlong slash") << QByteArray("\xC0\xAF") << 0;
        QTest::newRow("overlong 3-byte") << QByteArray("\xE0\x80\xAF") << 0;
        QTest::newRow("surrogate") << QByteArray("x\xED\xA0\x80") << 1;
        QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 0;
        QTest::newRow("bad lead F5") << QByteArray("\xF5\x80\x80\x80") << 0;
    }
    void refusesInvalidBytesAtTheirOffset()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, offset);
        std::size_t bad = 99;
        QVERIFY(!Utf8::isValid(text.toStdString(), &bad));
        QCOMPARE(int(bad), offset);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestUtf8)

} // namespace tst_Utf8
#include "tst_Utf8.moc"
