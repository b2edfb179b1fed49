// The allocator settings of a preset reach PYTORCH_CUDA_ALLOC_CONF, unless the user set it.
#include "memory/AllocatorSettings.h"

#include <QTest>

#include <cstdlib>

using namespace framesmith;

class tst_AllocatorSettings : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void buildsTheConfigString()
    {
        MemoryPreset p;
        p.expandableSegments = true;
        p.maxSplitSizeMb = 512;
        p.garbageCollectionThreshold = 0.6;
        QCOMPARE(QString::fromStdString(AllocatorSettings::configString(p)),
                 QString("expandable_segments:True,max_split_size_mb:512,garbage_collection_threshold:0.6"));
        p = MemoryPreset{};
        p.expandableSegments = false;
        QVERIFY(AllocatorSettings::configString(p).empty());
    }

    void setsTheVariableOnlyWhenTheUserDidNot()
    {
        qunsetenv(AllocatorSettings::kVariable);
        MemoryPreset p;
        p.name = "24gb";
        p.expandableSegments = true;
        QVERIFY(QString::fromStdString(AllocatorSettings::apply(p)).contains("from preset"));
        QCOMPARE(qgetenv(AllocatorSettings::kVariable), QByteArray("expandable_segments:True"));

        qputenv(AllocatorSettings::kVariable, "max_split_size_mb:128");
        const QString message = QString::fromStdString(AllocatorSettings::apply(p));
        QVERIFY2(message.contains("keeping it"), qPrintable(message));
        QCOMPARE(qgetenv(AllocatorSettings::kVariable), QByteArray("max_split_size_mb:128"));
        qunsetenv(AllocatorSettings::kVariable);
    }
};

QTEST_GUILESS_MAIN(tst_AllocatorSettings)
#include "tst_AllocatorSettings.moc"
