// UserPresetActions: the user's own presets can be renamed (every lever kept, a bad or taken name
// refused with the reason), deleted after asking and shown in their folder; built-ins have no menu.
#include "framesmith/PresetCatalog.h"
#include "ui/presets/UserPresetActions.h"
#include "support/TestRegistry.h"

#include <QAbstractButton>
#include <QAction>
#include <QMenu>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

namespace tst_UserPresetActions {

class tst_UserPresetActions : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { qputenv("FRAMESMITH_DATA_DIR", m_dir.path().toUtf8()); }

    void renameKeepsEveryLever()
    {
        framesmith::MemoryPreset preset = framesmith::PresetCatalog::compose("studio", {"block-streaming", "int8-weights"});
        preset.vaeTileHeight = 192;
        framesmith::PresetCatalog().save(preset);
        QWidget window;
        UserPresetActions actions(&window);
        QSignalSpy changed(&actions, &UserPresetActions::presetsChanged);
        QString error;
        QVERIFY2(actions.rename(QStringLiteral("studio"), QStringLiteral("studio-b"), &error), qPrintable(error));
        QCOMPARE(changed.first().first().toString(), QStringLiteral("studio-b"));
        const framesmith::PresetCatalog catalog;
        QVERIFY(catalog.userNames() == std::vector<std::string>{"studio-b"});
        const framesmith::MemoryPreset renamed = catalog.load("studio-b");
        QCOMPARE(renamed.vaeTileHeight, 192);
        QVERIFY(renamed.weightStorage == framesmith::WeightStorage::Int8);
    }

    void unusableNamesAreRefusedWithTheReason()
    {
        QWidget window;
        UserPresetActions actions(&window);
        QString error;
        QVERIFY(!actions.rename(QStringLiteral("studio-b"), QStringLiteral("my preset!"), &error));
        QVERIFY2(error.contains(QStringLiteral("characters")), qPrintable(error));
        QVERIFY(!actions.rename(QStringLiteral("studio-b"), QStringLiteral("24gb"), &error));
        QVERIFY2(error.contains(QStringLiteral("built-in")), qPrintable(error));
        QVERIFY(framesmith::PresetCatalog().userNames() == std::vector<std::string>{"studio-b"}); // nothing lost
    }

    void menuOnlyForOwnPresets()
    {
        QWidget window;
        UserPresetActions actions(&window);
        QVERIFY(!actions.menuFor(QStringLiteral("24gb")));
        std::unique_ptr<QMenu> menu(actions.menuFor(QStringLiteral("studio-b")));
        QVERIFY(menu);
        QString opened;
        actions.setFolderOpener([&](const QString& folder) { opened = folder; });
        menu->findChild<QAction*>(QStringLiteral("showPresetAction"))->trigger();
        QCOMPARE(opened, QString::fromStdString(framesmith::PresetCatalog().userFolder()));
    }

    void deleteAsksFirst()
    {
        QWidget window;
        UserPresetActions actions(&window);
        QSignalSpy changed(&actions, &UserPresetActions::presetsChanged);
        actions.askToDelete(QStringLiteral("studio-b"));
        auto* question = window.findChild<QMessageBox*>(QStringLiteral("deletePresetBox"));
        QVERIFY(question);
        QCOMPARE(framesmith::PresetCatalog().userNames().size(), size_t(1));
        question->findChild<QAbstractButton*>(QStringLiteral("deleteButton"))->click();
        QVERIFY(framesmith::PresetCatalog().userNames().empty());
        QCOMPARE(changed.count(), 1);
    }
};

FRAMESMITH_TEST_MAIN(tst_UserPresetActions)

} // namespace tst_UserPresetActions
#include "tst_UserPresetActions.moc"
