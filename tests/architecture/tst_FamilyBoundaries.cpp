// A model family lives in its own folder: outside backend/models/<family>/ no file of backend/,
// ui/, widgets/ or packaging/ names it (its folder name or its display name: identifiers, variants,
// prose, package descriptions), except its one line in the family list of
// backend/models/ModelRegistry.cpp. Adding a family therefore touches nothing else, and removing
// one leaves nothing behind (STYLE.md: "a family owns everything about itself").
#include "models/ModelRegistry.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <algorithm>

namespace tst_FamilyBoundaries {

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

    // The names a family goes by: its folder ("opensora") and, when it is registered, its display
    // name without the version ("Open-Sora 1.2" -> "Open-Sora").
    static QStringList namesOf(const QString& family)
    {
        QStringList names = {family};
        if (const framesmith::ModelFamily* registered = framesmith::ModelRegistry::find(family.toStdString())) {
            QString display = QString::fromStdString(registered->info().displayName);
            display.remove(QRegularExpression("\\s+v?[0-9][0-9.]*.*$"));
            names << display;
        }
        return names;
    }

    // A name matches as a whole name in any case, its words joined by nothing, a hyphen, an
    // underscore or a space ("Open-Sora", "OpenSora", "open_sora"). Whole: no letter may go on with
    // the same word on either side, where a case change starts a new one ("WanVae", "makeWanVae",
    // "wan2.1", "WAN_SHIFT" name it; "wanted", "swan", "WANTED" do not).
    static QRegularExpression mentionOf(const QString& name)
    {
        QStringList words;
        for (const QString& word : name.split(QRegularExpression("[^A-Za-z0-9]+"), Qt::SkipEmptyParts))
            words << QRegularExpression::escape(word);
        return QRegularExpression("(?i)" + words.join("[-_ ]?"));
    }

    static bool isWholeName(const QString& line, int start, int length)
    {
        const QChar first = line.at(start);
        const QChar last = line.at(start + length - 1);
        if (start > 0 && line.at(start - 1).isLetter() && !(line.at(start - 1).isLower() && first.isUpper()))
            return false;
        const int after = start + length;
        return after >= line.size() || !line.at(after).isLetter() || (line.at(after).isUpper() && last.isLower());
    }

    static bool mentions(const QString& line, const QRegularExpression& name)
    {
        for (auto it = name.globalMatch(line); it.hasNext();) {
            const auto match = it.next();
            if (isWholeName(line, match.capturedStart(), match.capturedLength()))
                return true;
        }
        return false;
    }

    static bool isRegistryLine(const QString& path, const QString& line, const QString& family)
    {
        return path.endsWith("/backend/models/ModelRegistry.cpp") &&
               QRegularExpression("^\\s*FAMILY\\(" + family + "\\)\\s*\\\\?\\s*$").match(line).hasMatch();
    }

    static QStringList offenders(const QString& family, int* scanned)
    {
        QStringList found;
        QList<QRegularExpression> names;
        for (const QString& name : namesOf(family))
            names << mentionOf(name);
        const QString own = root() + "/backend/models/" + family + "/";
        for (const QString folder : {"backend", "ui", "widgets", "packaging"}) {
            // packaging/ holds the desktop entry, AppStream metadata and CPack text: every file.
            const QStringList kinds = folder == QLatin1String("packaging")
                                          ? QStringList{"*"}
                                          : QStringList{"*.h", "*.cpp", "*.ui", "*.txt", "*.cmake"};
            QDirIterator it(root() + "/" + folder, kinds, QDir::Files, QDirIterator::Subdirectories);
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
                    const bool named = std::any_of(names.begin(), names.end(),
                                                   [&](const QRegularExpression& n) { return mentions(line, n); });
                    if (named && !isRegistryLine(path, line, family))
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
        QVERIFY(mentions("#include \"models/cogvideox/CogVideoXPipeline.h\"", mentionOf("cogvideox")));
        QVERIFY(mentions("// CogVideoX 1.5 takes 16N+1 frames", mentionOf("cogvideox")));
        QVERIFY(mentions("static const int kCogVideoXFrames = 49; tiny_cogvideox", mentionOf("cogvideox")));
        QVERIFY(mentions("class OpenSoraVae;", mentionOf("opensora")));
        QVERIFY(!mentions("makeFamily(); // a generic word", mentionOf("cogvideox")));
        QVERIFY(mentions("#include \"models/wan/WanFamily.h\"", mentionOf("wan")));
        QVERIFY(mentions("// Wan 2.2 TI2V-5B", mentionOf("wan")));
        QVERIFY(mentions("wan2.1-t2v", mentionOf("wan")));
        QVERIFY(mentions("WAN_SHIFT", mentionOf("wan")));
        QVERIFY(mentions("auto vae = makeWanVae();", mentionOf("wan")));
        QVERIFY(!mentions("CheckpointTarget::choose(wanted); // wants, Wanted, WANTED, swan, Swansea", mentionOf("wan")));
        // Display names, however they are spelled: the registry's own, without the version.
        QVERIFY(namesOf("opensora").contains("Open-Sora"));
        QVERIFY(namesOf("cogvideox").contains("CogVideoX"));
        QVERIFY(mentions("Summary=Clips with Open-Sora on your GPUs", mentionOf("Open-Sora")));
        QVERIFY(mentions("open sora, Open_Sora", mentionOf("Open-Sora")));
        QVERIFY(!mentions("reopen; Sora alone", mentionOf("Open-Sora")));
        QVERIFY(isRegistryLine("/src/backend/models/ModelRegistry.cpp", "    FAMILY(cogvideox)\n", "cogvideox"));
        QVERIFY(isRegistryLine("/src/backend/models/ModelRegistry.cpp", "    FAMILY(cogvideox) \\\n", "cogvideox"));
        QVERIFY(!isRegistryLine("/src/backend/models/Other.cpp", "    FAMILY(cogvideox)\n", "cogvideox"));
        QVERIFY(!isRegistryLine("/src/backend/models/ModelRegistry.cpp", "// CogVideoX only\n", "cogvideox"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_FamilyBoundaries)

} // namespace tst_FamilyBoundaries
#include "tst_FamilyBoundaries.moc"
