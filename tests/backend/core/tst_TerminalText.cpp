// TerminalText: control characters from outside are shown, never obeyed. ESC, BEL, CR, BS, DEL,
// the C1 controls and bytes that are not UTF-8 become visible escapes; text, CJK, tabs and line
// feeds pass; a guarded stream escapes whatever is written to it, also when a UTF-8 sequence or
// an escape arrives split over several writes.
#include "core/TerminalText.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

#include <sstream>

namespace tst_TerminalText {

using namespace framesmith;

class TestTerminalText : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void controlsAreEscaped_data()
    {
        QTest::addColumn<QByteArray>("raw");
        QTest::addColumn<QByteArray>("shown");
        QTest::newRow("title change") << QByteArray("\x1b]0;owned\x07x") << QByteArray("\\x1B]0;owned\\x07x");
        QTest::newRow("clear screen") << QByteArray("a\x1b[2Jb") << QByteArray("a\\x1B[2Jb");
        QTest::newRow("carriage return") << QByteArray("ok\rFAKE") << QByteArray("ok\\x0DFAKE");
        QTest::newRow("backspace, DEL") << QByteArray("a\x08\x7f") << QByteArray("a\\x08\\x7F");
        QTest::newRow("C1 CSI as UTF-8") << QByteArray("a\xc2\x9b" "2Jb") << QByteArray("a\\u009B2Jb");
        QTest::newRow("lone 8-bit CSI") << QByteArray("a\x9b" "2J") << QByteArray("a\\x9B2J");
        QTest::newRow("truncated UTF-8") << QByteArray("\xe4\xb8") << QByteArray("\\xE4\\xB8");
        QTest::newRow("NUL") << QByteArray("a\0b", 3) << QByteArray("a\\x00b");
        QTest::newRow("text passes") << QByteArray("node-7 \xe7\x8c\xab\ttab\nline") << QByteArray("node-7 \xe7\x8c\xab\ttab\nline");
        QTest::newRow("non-breaking space passes") << QByteArray("a\xc2\xa0" "b") << QByteArray("a\xc2\xa0" "b");
    }

    void controlsAreEscaped()
    {
        QFETCH(QByteArray, raw);
        QFETCH(QByteArray, shown);
        QCOMPARE(QByteArray::fromStdString(TerminalText::escaped(std::string(raw.constData(), raw.size()))), shown);
    }

    void lineBreaksCanBeEscapedToo()
    {
        QCOMPARE(TerminalText::escaped("a\nb", false), std::string("a\\x0Ab"));
    }

    void guardedStreamEscapesSplitWrites()
    {
        std::ostringstream sink;
        std::ostream out(sink.rdbuf());
        TerminalText::guard(out);
        out << "cat \xe7";   // the first byte of a three-byte character ...
        out << "\x8c\xab";   // ... and the rest in the next write
        out << " \x1b" << "[31m" << 'x' << '\x07' << std::endl;
        QCOMPARE(QByteArray::fromStdString(sink.str()), QByteArray("cat \xe7\x8c\xab \\x1B[31mx\\x07\n"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestTerminalText)

} // namespace tst_TerminalText
#include "tst_TerminalText.moc"
