// The layers inside backend/: every `#include "..."` of every backend file points at its own layer
// or one below it. An arrow pointing up is a coupling the folder tree hides (a family that needs the
// engine, a planner that needs a family), so the guard names the file, the line and both layers.
// The table below is the one statement of the layering (STYLE.md, "the folder tree is the
// architecture diagram"); docs/architecture.md draws it.
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <vector>

namespace tst_BackendLayers {

namespace {

struct Layer {
    const char* folder; // below backend/, with its slash; the longest matching folder wins
    int rank;           // an include may point at its own rank or a lower one
};

// Lowest first. Folders of one rank may include each other (export/ reads image headers through io/).
const Layer kLayers[] = {
    // The door: torch-free value types every layer speaks (requests, events, errors, presets). Its
    // headers include nothing of the backend; core/ and engine/ implement them.
    {"include/", 0},
    // Tensors, devices, modules, errors, UTF-8, hashing: what everything else is built on.
    {"core/", 0},
    // Torch modules more than one family uses (RMSNorm, RoPE, feed-forward, timestep embedding):
    // above core/ (they are Modules), below the families that compose them.
    {"core/layers/", 1},
    // Files: safetensors, diffusers folders, the JSON guard, image headers, the hub client.
    {"io/", 1},
    // Tokenizers and text encoders (T5/UMT5), with the Python-semantics helpers; families use them.
    {"text/", 1},
    // Samplers and noise sources behind the generic Scheduler interface.
    {"schedulers/", 1},
    // The denoise loop's step cache: the families' transformers and the engine's runner drive it,
    // so it sits below both (it was in pipeline/, an arrow up from every family).
    {"sampling/", 1},
    // FFmpeg writers and readers (the start image too) and the frame conversions around them.
    {"export/", 1},
    // The planner, placement, presets, monitor and OOM ladder: generic, it plans the list of
    // components a model hands it and names no model (families call it, never the reverse).
    {"memory/", 2},
    // The families, their registry, LoRA and the model-level questions (discovery, inspection,
    // planning models such as T5MemoryModel); they use memory/'s planner for their figures.
    {"models/", 3},
    // Engine, the generation runner, checkpoints, warm residency: runs any family's pipeline.
    {"engine/", 4},
    // framesmith-cli: a front end of the Engine, with farm/ and batch/.
    {"cli/", 5},
};

// Up-arrows excused while another branch removes them (none now: ComponentPlacement moved to
// memory/placement/). Each entry: the including folder and the included file.
struct Excuse {
    const char* from;
    const char* include;
};
const std::vector<Excuse> kAllowed;

const Layer* layerOf(const QString& path) // relative to backend/
{
    const Layer* found = nullptr;
    for (const Layer& layer : kLayers)
        if (path.startsWith(QLatin1String(layer.folder)) && (!found || qstrlen(layer.folder) > qstrlen(found->folder)))
            found = &layer;
    return found;
}

bool isExcused(const QString& file, const QString& include)
{
    for (const Excuse& e : kAllowed)
        if (file.startsWith(QLatin1String(e.from)) && include == QLatin1String(e.include))
            return true;
    return false;
}

QString layerName(const Layer& layer)
{
    return QString::fromLatin1(layer.folder).chopped(1);
}

} // namespace

class tst_BackendLayers : public QObject {
    Q_OBJECT

public:
    // Every include of every source file below `root` (a backend/ folder) that points up, or whose
    // file or target belongs to no layer, as "FILE:LINE: ...". `scanned` counts the files read;
    // `excused` receives the kAllowed includes met.
    static QStringList upArrows(const QString& root, int* scanned, QStringList* excused = nullptr)
    {
        static const QRegularExpression include(QStringLiteral("^\\s*#\\s*include\\s*\"([^\"]+)\""));
        QStringList found;
        const QDir base(root);
        QDirIterator it(root, {"*.h", "*.hpp", "*.cpp", "*.cc"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            const QString file = base.relativeFilePath(path);
            const Layer* from = layerOf(file);
            if (!from) {
                found << QString("%1: belongs to no layer (add its folder to kLayers)").arg(file);
                continue;
            }
            QFile source(path);
            if (!source.open(QIODevice::ReadOnly)) {
                found << QString("%1: cannot be read").arg(file);
                continue;
            }
            ++*scanned;
            for (int number = 1; !source.atEnd(); ++number) {
                const auto match = include.match(QString::fromUtf8(source.readLine()));
                if (!match.hasMatch())
                    continue;
                QString target = match.captured(1);
                if (!target.contains('/')) // "Sibling.h": the including file's own folder
                    continue;
                if (target.startsWith(QLatin1String("framesmith/")))
                    target.prepend(QLatin1String("include/"));
                const Layer* to = layerOf(target);
                const QString where = QString("%1:%2: ").arg(file).arg(number);
                if (!to)
                    found << where + QString("includes %1, which belongs to no layer").arg(match.captured(1));
                else if (to->rank > from->rank && isExcused(file, target) && excused)
                    *excused << target;
                else if (to->rank > from->rank && !isExcused(file, target))
                    found << where + QString("%1 (layer %2) includes %3 of %4 (layer %5), which sits above it")
                                         .arg(layerName(*from)).arg(from->rank).arg(match.captured(1))
                                         .arg(layerName(*to)).arg(to->rank);
            }
        }
        return found;
    }

private:
    static void write(const QTemporaryDir& dir, const QString& file, const QByteArray& text)
    {
        QVERIFY(QDir(dir.path()).mkpath(QFileInfo(file).path()));
        QFile out(dir.filePath(file));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
    }

private Q_SLOTS:
    void noBackendIncludePointsUp()
    {
        int scanned = 0;
        QStringList excused;
        const QStringList found =
            upArrows(QString::fromStdString(framesmith::test::sourceDir()) + "/backend", &scanned, &excused);
        for (const Excuse& e : kAllowed) // the list only shrinks: say when an entry can go
            if (!excused.contains(QLatin1String(e.include)))
                qWarning("kAllowed: nothing in %s includes %s any more; remove the entry", e.from, e.include);
        // A moved tree or a broken sourceDir() would otherwise scan nothing and pass.
        QVERIFY2(scanned > 600, qPrintable(QString("only %1 backend files scanned").arg(scanned)));
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }

    void reportsAPlantedUpArrowWithBothLayers()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        write(dir, "core/Tensor.h", "#pragma once\n");
        write(dir, "models/Family.h", "#pragma once\n#include \"core/Tensor.h\"\n#include \"memory/Plan.h\"\n");
        write(dir, "memory/Plan.h", "#pragma once\n#include \"framesmith/Error.h\"\n// #include \"engine/Engine.h\"\n");
        write(dir, "memory/Planner.cpp", "#include \"memory/Plan.h\"\n\n  #  include \"models/Family.h\"\n");
        write(dir, "memory/Placement.h", "#include \"models/ComponentPlacement.h\"\n");
        write(dir, "io/Folder.cpp", "#include \"Folder.h\"\n#include \"text/Tokenizer.h\"\n#include \"elsewhere/X.h\"\n");
        write(dir, "core/layers/Norm.cpp", "#include \"core/layers/Norm.h\"\n#include \"io/Folder.h\"\n");
        write(dir, "core/Module.cpp", "#include \"core/layers/Norm.h\"\n");
        write(dir, "stray/Thing.cpp", "\n");
        int scanned = 0;
        QStringList excused;
        QStringList found = upArrows(dir.path(), &scanned, &excused);
        found.sort();
        const QStringList expected = {
            "core/Module.cpp:1: core (layer 0) includes core/layers/Norm.h of core/layers (layer 1), which sits above it",
            "io/Folder.cpp:3: includes elsewhere/X.h, which belongs to no layer",
            "memory/Placement.h:1: memory (layer 2) includes models/ComponentPlacement.h of models (layer 3), which sits above it",
            "memory/Planner.cpp:3: memory (layer 2) includes models/Family.h of models (layer 3), which sits above it",
            "stray/Thing.cpp: belongs to no layer (add its folder to kLayers)",
        };
        QCOMPARE(found, expected);
        QCOMPARE(scanned, 8);
        QVERIFY(excused.isEmpty());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_BackendLayers)

} // namespace tst_BackendLayers
#include "tst_BackendLayers.moc"
