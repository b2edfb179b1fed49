// The two worlds stay apart: no Qt in backend/, no torch/ATen/c10 in ui/, widgets/ or the public
// headers. A crossed layer is a build-time coupling we refuse (see STYLE.md, "one narrow door").
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace tst_LayerBoundaries {

class tst_LayerBoundaries : public QObject {
    Q_OBJECT

private:
    // Source files below each folder, at least: a moved tree or a broken sourceDir() would
    // otherwise scan nothing and pass.
    static int minimumFiles(const QString& folder)
    {
        if (folder == "backend")
            return 300;
        if (folder == "ui")
            return 40;
        if (folder == "backend/include")
            return 12;
        return 6; // widgets
    }

    static QStringList offenders(const QString& folder, const QRegularExpression& forbidden)
    {
        QStringList found;
        int scanned = 0;
        const QString root = QString::fromStdString(framesmith::test::sourceDir()) + "/" + folder;
        QDirIterator it(root, {"*.h", "*.hpp", "*.cpp", "*.cc"}, QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            QFile file(it.next());
            if (!file.open(QIODevice::ReadOnly)) {
                found << file.fileName() + ": cannot be read";
                continue;
            }
            ++scanned;
            int lineNumber = 0;
            while (!file.atEnd()) {
                const QString line = QString::fromUtf8(file.readLine());
                ++lineNumber;
                if (forbidden.match(line).hasMatch())
                    found << QString("%1:%2: %3").arg(file.fileName()).arg(lineNumber).arg(line.trimmed());
            }
        }
        if (scanned < minimumFiles(folder))
            found << QString("%1: only %2 files scanned, expected at least %3").arg(root).arg(scanned).arg(minimumFiles(folder));
        return found;
    }

    static QRegularExpression includeOf(const QString& pattern)
    {
        return QRegularExpression(QStringLiteral("^\\s*#\\s*include\\s*[<\"]") + pattern);
    }

private Q_SLOTS:
    void backendHasNoQt()
    {
        const auto found = offenders("backend", includeOf("(Q[A-Za-z]|qt|qcustomplot)"));
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }

    void frontEndAndPublicHeadersHaveNoTorch_data()
    {
        QTest::addColumn<QString>("folder");
        QTest::newRow("ui") << "ui";
        QTest::newRow("widgets") << "widgets";
        QTest::newRow("backend/include") << "backend/include";
    }

    void frontEndAndPublicHeadersHaveNoTorch()
    {
        QFETCH(QString, folder);
        const auto found = offenders(folder, includeOf("(torch|ATen|c10)/"));
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }

    void frontEndIncludesOnlyThePublicBackendHeaders()
    {
        // "backend/..." spelled out reaches the internals as surely as "core/...".
        const QRegularExpression internal =
            includeOf("(backend/|\\.\\./|core/|io/|text/|models/|schedulers/|sampling/|memory/|engine/|export/|cli/)");
        QStringList found = offenders("ui", internal) + offenders("widgets", internal);
        QVERIFY2(found.isEmpty(), qPrintable(found.join('\n')));
    }

    void detectsACrossingWhenOnePlanted()
    {
        // The scanner itself must be able to fail: feed it a line it has to flag.
        QVERIFY(includeOf("(torch|ATen|c10)/").match("#include <torch/torch.h>").hasMatch());
        QVERIFY(includeOf("(Q[A-Za-z]|qt)").match("  #  include <QString>").hasMatch());
        QVERIFY(!includeOf("(torch|ATen|c10)/").match("// #include is not <torch/...>").hasMatch());
        QVERIFY(includeOf("(backend/|core/)").match("#include \"backend/core/Module.h\"").hasMatch());
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_LayerBoundaries)

} // namespace tst_LayerBoundaries
#include "tst_LayerBoundaries.moc"
