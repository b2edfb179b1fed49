// The allocator settings of a preset reach PYTORCH_CUDA_ALLOC_CONF, unless the user set it.
#include "memory/presets/AllocatorSettings.h"
#include "support/TestRegistry.h"

#include <QTest>

#include <cstdlib>

namespace tst_AllocatorSettings {

using namespace framesmith;

class tst_AllocatorSettings : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void buildsTheConfigString()
    {
        MemoryPreset p;
        p.expandableSegments = false;
        p.maxSplitSizeMb = 512;
        p.garbageCollectionThreshold = 0.6;
        QCOMPARE(QString::fromStdString(AllocatorSettings::configString(p)),
                 QString("max_split_size_mb:512,garbage_collection_threshold:0.6"));
        p = MemoryPreset{};
        p.expandableSegments = false;
        QVERIFY(AllocatorSettings::configString(p).empty());
    }

    // libtorch before 2.1 rejects the whole variable when it names expandable_segments.
    void expandableSegmentsOnlyWhereLibtorchKnowsThem()
    {
        MemoryPreset p;
        p.name = "24gb";
        p.expandableSegments = true;
        p.maxSplitSizeMb = 512;
        const QString config = QString::fromStdString(AllocatorSettings::configString(p));
        qunsetenv(AllocatorSettings::kVariable);
        const QString message = QString::fromStdString(AllocatorSettings::apply(p));
        qunsetenv(AllocatorSettings::kVariable);
        if (AllocatorSettings::supportsExpandableSegments()) {
            QCOMPARE(config, QString("expandable_segments:True,max_split_size_mb:512"));
            QVERIFY2(!message.contains("left out"), qPrintable(message));
        } else {
            QCOMPARE(config, QString("max_split_size_mb:512"));
            QVERIFY2(message.contains("expandable segments left out"), qPrintable(message));
        }
    }

    void setsTheVariableOnlyWhenTheUserDidNot()
    {
        qunsetenv(AllocatorSettings::kVariable);
        MemoryPreset p;
        p.name = "24gb";
        p.expandableSegments = false;
        p.maxSplitSizeMb = 256;
        QVERIFY(QString::fromStdString(AllocatorSettings::apply(p)).contains("from preset"));
        QCOMPARE(qgetenv(AllocatorSettings::kVariable), QByteArray("max_split_size_mb:256"));

        qputenv(AllocatorSettings::kVariable, "max_split_size_mb:128");
        const QString message = QString::fromStdString(AllocatorSettings::apply(p));
        QVERIFY2(message.contains("keeping it"), qPrintable(message));
        QCOMPARE(qgetenv(AllocatorSettings::kVariable), QByteArray("max_split_size_mb:128"));
        qunsetenv(AllocatorSettings::kVariable);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_AllocatorSettings)

} // namespace tst_AllocatorSettings
#include "tst_AllocatorSettings.moc"
