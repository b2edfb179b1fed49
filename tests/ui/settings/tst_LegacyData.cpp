// LegacyData: the history, clips and presets of earlier releases move under the one data root,
// once; a data root already in use is never touched.
#include "ui/settings/LegacyData.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

namespace tst_LegacyData {

namespace {
void write(const QString& path)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(path.toUtf8());
}
} // namespace

class tst_LegacyData : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void earlierFoldersAreAdoptedOnce()
    {
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("share/Framesmith/Framesmith"));
        const QString oldPresets = dir.filePath(QStringLiteral("share/framesmith/presets"));
        const QString root = dir.filePath(QStringLiteral("share/Framesmith"));
        write(old + QStringLiteral("/history/a.json"));
        write(old + QStringLiteral("/clips/a.mp4"));
        write(oldPresets + QStringLiteral("/mine.json"));
        QCOMPARE(LegacyData::adopt(old, oldPresets, root),
                 (QStringList{QStringLiteral("history"), QStringLiteral("clips"), QStringLiteral("presets")}));
        QVERIFY(QFile::exists(root + QStringLiteral("/history/a.json")));
        QVERIFY(QFile::exists(root + QStringLiteral("/clips/a.mp4")));
        QVERIFY(QFile::exists(root + QStringLiteral("/presets/mine.json")));
        QVERIFY(QFile::exists(oldPresets + QStringLiteral("/mine.json"))); // copied: older versions still read it
        QVERIFY(LegacyData::adopt(old, oldPresets, root).isEmpty());        // once
    }

    void aRootInUseIsNotTouched()
    {
        QTemporaryDir dir;
        const QString old = dir.filePath(QStringLiteral("old"));
        const QString root = dir.filePath(QStringLiteral("root"));
        write(old + QStringLiteral("/history/a.json"));
        write(root + QStringLiteral("/history/b.json"));
        QVERIFY(LegacyData::adopt(old, dir.filePath(QStringLiteral("none")), root).isEmpty());
        QVERIFY(!QFile::exists(root + QStringLiteral("/history/a.json")));
        QVERIFY(QFile::exists(old + QStringLiteral("/history/a.json")));
    }
};

FRAMESMITH_TEST_APPLESS_MAIN(tst_LegacyData)

} // namespace tst_LegacyData
#include "tst_LegacyData.moc"
