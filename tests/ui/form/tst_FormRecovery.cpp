// FormRecovery keeps the form a history load replaced, until taken back or dismissed; a load
// that changes nothing keeps what an earlier load saved.
#include "ui/form/FormRecovery.h"
#include "support/TestRegistry.h"

#include <QSignalSpy>
#include <QTest>

namespace tst_FormRecovery {

class tst_FormRecovery : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void keepsTheReplacedFormUntilTaken()
    {
        FormRecovery recovery;
        QSignalSpy availability(&recovery, &FormRecovery::availabilityChanged);
        framesmith::GenerationRequest edited;
        edited.prompt = "my unsaved idea";
        edited.seed = 18446744073709551557ull;
        framesmith::GenerationRequest loaded;
        loaded.prompt = "an old clip";
        recovery.remember(edited, loaded, QStringLiteral("yesterday"));
        QVERIFY(recovery.canRestore());
        QCOMPARE(recovery.description(), QStringLiteral("yesterday"));
        recovery.remember(loaded, loaded, QStringLiteral("again")); // the same clip twice: nothing to lose
        QCOMPARE(recovery.description(), QStringLiteral("yesterday"));
        const auto back = recovery.take();
        QVERIFY(back.has_value());
        QCOMPARE(framesmith::toJson(*back), framesmith::toJson(edited));
        QVERIFY(!recovery.canRestore());
        QVERIFY(!recovery.take().has_value());
        QCOMPARE(availability.count(), 2); // on, then off
    }

    void dismissForgets()
    {
        FormRecovery recovery;
        framesmith::GenerationRequest a, b;
        b.prompt = "b";
        recovery.remember(a, b, QString());
        recovery.dismiss();
        QVERIFY(!recovery.canRestore());
    }
};

FRAMESMITH_TEST_APPLESS_MAIN(tst_FormRecovery)

} // namespace tst_FormRecovery
#include "tst_FormRecovery.moc"
