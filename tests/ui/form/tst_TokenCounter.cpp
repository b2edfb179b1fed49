// TokenCounter counts off the GUI thread against the model's limit; a burst of edits costs one
// count and the last count reported is the newest text's.
#include "framesmith/Engine.h"
#include "ui/form/TokenCounter.h"
#include "support/TestRegistry.h"

#include <QSignalSpy>
#include <QTest>

namespace tst_TokenCounter {

namespace {
const QString kTiny = QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b");
}

class tst_TokenCounter : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void countsTheNewestTextOfABurst()
    {
        TokenCounter counter;
        QSignalSpy counted(&counter, &TokenCounter::counted);
        QString text;
        for (int i = 0; i < 30; ++i) { // typing
            text += QStringLiteral("snow ");
            counter.request(kTiny, text);
        }
        QTRY_VERIFY(!counted.isEmpty() && !counter.isBusy());
        QVERIFY2(counted.count() <= 2, qPrintable(QString::number(counted.count())));
        const auto expected = framesmith::Engine::countTokens(kTiny.toStdString(), text.toStdString());
        QCOMPARE(counted.last().at(0).toInt(), expected.count);
        QCOMPARE(counted.last().at(1).toInt(), 226);
    }

    void noModelNoLimit()
    {
        TokenCounter counter;
        QSignalSpy counted(&counter, &TokenCounter::counted);
        counter.request(QString(), QStringLiteral("anything"));
        QTRY_COMPARE(counted.count(), 1);
        QCOMPARE(counted.first().at(1).toInt(), 0);
    }
};

FRAMESMITH_TEST_MAIN(tst_TokenCounter)

} // namespace tst_TokenCounter
#include "tst_TokenCounter.moc"
