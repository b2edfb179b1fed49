// HistoryPanel: only the user's click (or Enter) loads an entry, never a rebuild, a highlight or
// a language change; an edited name is reported for saving; the right-click menu offers load,
// rename, show in folder and delete; dates follow the locale.
#include "ui/history/HistoryPanel.h"
#include "support/TestRegistry.h"

#include <QAction>
#include <QEvent>
#include <QListWidget>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>

Q_DECLARE_METATYPE(HistoryEntry)

namespace tst_HistoryPanel {

namespace {
QVector<HistoryEntry> twoEntries()
{
    QVector<HistoryEntry> entries(2);
    for (int i = 0; i < 2; ++i) {
        entries[i].id = QStringLiteral("id-%1").arg(i);
        entries[i].createdAt = QDateTime(QDate(2026, 3, 4 + i), QTime(15, 30));
        entries[i].request.prompt = "clip " + std::to_string(i);
        entries[i].frameCount = 9;
        entries[i].width = 96;
        entries[i].height = 64;
    }
    return entries;
}
} // namespace

class tst_HistoryPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void onlyAClickLoadsAnEntry()
    {
        HistoryPanel panel;
        panel.resize(300, 400);
        panel.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panel));
        QSignalSpy selected(&panel, &HistoryPanel::entrySelected);
        panel.setEntries(twoEntries());
        panel.select(1);
        panel.list()->setFocus();
        panel.setEntries(twoEntries()); // a reload keeps the highlight, loads nothing
        QCOMPARE(panel.list()->currentRow(), 1);
        QEvent change(QEvent::LanguageChange);
        QCoreApplication::sendEvent(&panel, &change);
        QCOMPARE(selected.count(), 0);
        const QRect second = panel.list()->visualItemRect(panel.list()->item(1));
        QTest::mouseClick(panel.list()->viewport(), Qt::LeftButton, Qt::NoModifier, second.center());
        QCOMPARE(selected.count(), 1);
        QCOMPARE(selected.first().first().value<HistoryEntry>().id, QStringLiteral("id-1"));
    }

    void anEditedNameIsReported()
    {
        HistoryPanel panel;
        panel.setEntries(twoEntries());
        QSignalSpy renamed(&panel, &HistoryPanel::renameRequested);
        panel.list()->item(0)->setText(QStringLiteral("  Fox at dawn "));
        QCOMPARE(renamed.count(), 1);
        QCOMPARE(renamed.first().at(1).toString(), QStringLiteral("Fox at dawn"));
    }

    void rightClickOffersLoadRenameShowAndDelete()
    {
        HistoryPanel panel;
        panel.setEntries(twoEntries());
        QSignalSpy deleted(&panel, &HistoryPanel::deleteRequested);
        QSignalSpy shown(&panel, &HistoryPanel::showInFolderRequested);
        QSignalSpy selected(&panel, &HistoryPanel::entrySelected);
        std::unique_ptr<QMenu> menu(panel.contextMenuFor(1));
        QVERIFY(menu);
        QStringList names;
        for (QAction* action : menu->actions())
            names << action->objectName();
        QCOMPARE(names, (QStringList{"loadAction", "regenerateAction", "renameAction", "showInFolderAction", QString(),
                                     "deleteAction"}));
        menu->findChild<QAction*>(QStringLiteral("deleteAction"))->trigger();
        menu->findChild<QAction*>(QStringLiteral("showInFolderAction"))->trigger();
        menu->findChild<QAction*>(QStringLiteral("loadAction"))->trigger();
        QCOMPARE(deleted.count(), 1);
        QCOMPARE(shown.count(), 1);
        QCOMPARE(selected.count(), 1);
        QCOMPARE(deleted.first().first().value<HistoryEntry>().id, QStringLiteral("id-1"));
        QVERIFY(!panel.contextMenuFor(5));
    }

    // A run with kept latents and no clip says so in the list and offers Decode again.
    void keptLatentsOfferDecodeAgain()
    {
        QVector<HistoryEntry> entries = twoEntries();
        entries[0].latentsPath = QStringLiteral("/data/checkpoints/a.latents.safetensors");
        entries[0].videoPath.clear();
        entries[0].stepsCompleted = 3;
        entries[0].request.steps = 8;
        HistoryPanel panel;
        panel.setEntries(entries);
        const QString text = panel.list()->item(0)->text();
        QVERIFY2(text.contains(QStringLiteral("3 of 8 steps")) && text.contains(QStringLiteral("Decode again")),
                 qPrintable(text));
        QSignalSpy decode(&panel, &HistoryPanel::decodeAgainRequested);
        std::unique_ptr<QMenu> menu(panel.contextMenuFor(0));
        auto* action = menu->findChild<QAction*>(QStringLiteral("decodeAgainAction"));
        QVERIFY(action);
        action->trigger();
        QCOMPARE(decode.count(), 1);
        QCOMPARE(decode.first().first().value<HistoryEntry>().latentsPath, entries[0].latentsPath);
        std::unique_ptr<QMenu> other(panel.contextMenuFor(1)); // a finished clip: nothing to decode
        QVERIFY(!other->findChild<QAction*>(QStringLiteral("decodeAgainAction")));
    }

    void datesFollowTheLocale()
    {
        const QLocale before;
        QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
        HistoryPanel panel;
        panel.setEntries(twoEntries());
        const QString date = QLocale().toString(twoEntries().first().createdAt, QLocale::ShortFormat);
        QVERIFY2(panel.list()->item(0)->text().contains(date), qPrintable(panel.list()->item(0)->text()));
        QVERIFY(date.contains(QStringLiteral("2026/3/4")));
        QLocale::setDefault(before);
    }
};

FRAMESMITH_TEST_MAIN(tst_HistoryPanel)

} // namespace tst_HistoryPanel
#include "tst_HistoryPanel.moc"
