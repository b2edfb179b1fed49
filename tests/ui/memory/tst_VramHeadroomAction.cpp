// Generate > Keep VRAM Free…: the dialog starts at the saved value, a new value is kept in the
// settings and announced; cancelling changes nothing.
#include "ui/memory/VramHeadroomAction.h"
#include "ui/settings/AppSettings.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

namespace tst_VramHeadroomAction {

class tst_VramHeadroomAction : public QObject {
    Q_OBJECT

    QInputDialog* openDialog(VramHeadroomAction& action)
    {
        action.action()->trigger();
        QInputDialog* dialog = nullptr;
        QTest::qWaitFor([&] {
            dialog = m_window.findChild<QInputDialog*>(QStringLiteral("vramHeadroomDialog"));
            return dialog && dialog->isVisible();
        }, 5000);
        return dialog && dialog->isVisible() ? dialog : nullptr;
    }

private Q_SLOTS:
    void aNewValueIsKeptAndAnnounced()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("a.ini")));
        settings.setVramHeadroomMb(512);
        QMenu menu;
        VramHeadroomAction action(&menu, settings, &m_window);
        QVERIFY(menu.actions().contains(action.action()));
        QSignalSpy changed(&action, &VramHeadroomAction::headroomChanged);
        QInputDialog* dialog = openDialog(action);
        QVERIFY(dialog);
        QCOMPARE(dialog->intValue(), 512);
        dialog->setIntValue(3072);
        dialog->accept();
        QCOMPARE(changed.count(), 1);
        QCOMPARE(changed.first().first().toInt(), 3072);
        QCOMPARE(settings.vramHeadroomMb(), 3072);
        QCOMPARE(AppSettings(m_dir.filePath(QStringLiteral("a.ini"))).vramHeadroomMb(), 3072);
    }

    void cancellingChangesNothing()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("b.ini")));
        QMenu menu;
        VramHeadroomAction action(&menu, settings, &m_window);
        QSignalSpy changed(&action, &VramHeadroomAction::headroomChanged);
        QInputDialog* dialog = openDialog(action);
        QVERIFY(dialog);
        dialog->setIntValue(9999);
        dialog->reject();
        QCOMPARE(changed.count(), 0);
        QCOMPARE(settings.vramHeadroomMb(), 0);
    }

    void outOfRangeValuesAreBounded()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("c.ini")));
        settings.setVramHeadroomMb(-5);
        QCOMPARE(settings.vramHeadroomMb(), 0);
        settings.setVramHeadroomMb(framesmith::MemoryPreset::kMaxVramHeadroomMb + 1);
        QCOMPARE(settings.vramHeadroomMb(), framesmith::MemoryPreset::kMaxVramHeadroomMb);
    }

private:
    QTemporaryDir m_dir;
    QMainWindow m_window;
};

FRAMESMITH_TEST_MAIN(tst_VramHeadroomAction)

} // namespace tst_VramHeadroomAction
#include "tst_VramHeadroomAction.moc"
