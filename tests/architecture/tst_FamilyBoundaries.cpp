// A model family lives in its own folder: outside backend/models/<family>/ no file of backend/,
// ui/ or widgets/ names it (its identifiers, variants or prose), except its one line in the family
// list of backend/models/ModelRegistry.cpp. Adding a family therefore touches nothing else, and
// removing one leaves nothing behind (STYLE.md: "a family owns everything about itself").
#include "support/TestPaths.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

class tst_FamilyBoundaries : public QObject {
    Q_OBJECT

private:
    static QString root() { return QString::fromStdString(framesmith::test::sourceDir()); }

    // Every folder of backend/models/ is a family's, except the code families share (lora/: the
    // LoRA reader and applier every family's key mapping plugs into).
    static QStringList families()
    {
        QStringList folders = QDir(root() + "/backend/models").entryList(QDir::Dirs | QDir::NoDotAndDotDot);
        folders.removeAll("lora");
        return folders;
    }

    // "cogvideox" -> any word starting with it, in any case ("CogVideoXPipeline", "cogvideox-2b"),
    // unless a lower-case letter goes on with another word ("wan" flags "WanVae" and "wan2.1", not
    // "wanted"): the name is matched case-insensitively, the letter after it case-sensitively.
    static QRegularExpression mentionOf(const QString& family)
    {
        return QRegularExpression("\\b(?i:" + QRegularExpression::escape(family) + ")(?![a-z])");
    }

    static bool isRegistryLine(const QString& path, const QString& line, const QString& family)
    {
        return path.endsWith("/backend/models/ModelRegistry.cpp") &&
               QRegularExpression("^\\s*FAMILY\\(" + family + "\\)\\s*\\\\?\\s*$").match(line).hasMatch();
    }

    static QStringList offenders(const QString& family, int* scanned)
    {
        QStringList found;
        const QRegularExpression mention = mentionOf(family);
        const QString own = root() + "/backend/models/" + family + "/";
        for (const QString folder : {"backend", "ui", "widgets"}) {
            QDirIterator it(root() + "/" + folder, {"*.h", "*.cpp", "*.ui", "*.txt", "*.cmake"}, QDir::Files,
                            QDirIterator::Subdirectories);
            while (it.hasNext()) {
                const QString path = it.next();
                if (path.startsWith(own))
                    continue;
                QFile file(path);
                if (!file.open(QIODevice::ReadOnly))
                    continue;
                ++*scanned;
                for (int number = 1; !file.atEnd(); ++number) {
                    const QString line = QString::fromUtf8(file.readLine());
                    if (mention.match(line).hasMatch() && !isRegistryLine(path, line, family))
                        found << QString("%1:%2: %3").arg(path).arg(number).arg(line.trimmed());
                }
            }
        }
        return found;
    }

private Q_SLOTS:
    void noFileOutsideAFamilyFolderNamesTheFamily()
    {
        QVERIFY(!families().isEmpty());
        for (const QString& family : families()) {
            int scanned = 0;
            const QStringList found = offenders(family, &scanned);
            QVERIFY2(scanned > 150, qPrintable(QString("only %1 files scanned").arg(scanned)));
            QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
        }
    }

    void detectsAMentionWhenOnePlanted()
    {
        // The scanner itself must be able to fail: these lines have to be flagged, the list line not.
        QVERIFY(mentionOf("cogvideox").match("#include \"models/cogvideox/pipeline/CogVideoXPipeline.h\"").hasMatch());
        QVERIFY(mentionOf("cogvideox").match("// CogVideoX 1.5 takes 16N+1 frames").hasMatch());
        QVERIFY(mentionOf("opensora").match("class OpenSoraVae;").hasMatch());
        QVERIFY(!mentionOf("cogvideox").match("makeFamily(); // a generic word").hasMatch());
        QVERIFY(mentionOf("wan").match("#include \"models/wan/WanFamily.h\"").hasMatch());
        QVERIFY(mentionOf("wan").match("// Wan 2.2 TI2V-5B, wan2.1-t2v, WAN_SHIFT").hasMatch());
        QVERIFY(!mentionOf("wan").match("CheckpointTarget::choose(wanted); // wants, Wanted").hasMatch());
        QVERIFY(isRegistryLine("/src/backend/models/ModelRegistry.cpp", "    FAMILY(cogvideox)\n", "cogvideox"));
        QVERIFY(isRegistryLine("/src/backend/models/ModelRegistry.cpp", "    FAMILY(cogvideox) \\\n", "cogvideox"));
        QVERIFY(!isRegistryLine("/src/backend/models/Other.cpp", "    FAMILY(cogvideox)\n", "cogvideox"));
        QVERIFY(!isRegistryLine("/src/backend/models/ModelRegistry.cpp", "// CogVideoX only\n", "cogvideox"));
    }
};

QTEST_GUILESS_MAIN(tst_FamilyBoundaries)
#include "tst_FamilyBoundaries.moc"
