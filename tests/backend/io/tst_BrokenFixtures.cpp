// Every file in tests/fixtures/broken/ (written by make_broken.py there) must give its own clear
// error: the right ErrorCode, the file's path, and the problem in words. Never a crash.
#include "framesmith/Error.h"
#include "io/SafetensorsReader.h"
#include "io/WeightSource.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QTest>

namespace tst_BrokenFixtures {

using namespace framesmith;

class tst_BrokenFixtures : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void eachBrokenFileGivesItsError_data()
    {
        QTest::addColumn<QString>("file");     // relative to tests/fixtures/broken
        QTest::addColumn<QString>("blamed");   // the file the error must name
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("problem");
        const int bad = int(ErrorCode::BadFile), missing = int(ErrorCode::MissingFile);
        row("truncated.safetensors", "", bad, "reach past the end of the data area (28 bytes): file truncated");
        row("empty.safetensors", "", bad, "empty file (0 bytes)");
        row("too_short.safetensors", "", bad, "only 3 bytes: too short");
        row("header_length_exceeds_file.safetensors", "", bad, "header length 4096 bytes exceeds the file size (15 bytes)");
        row("header_length_absurd.safetensors", "", bad, "exceeds the 100000000-byte limit");
        row("header_not_json_object.safetensors", "", bad, "header does not start with '{'");
        row("invalid_json.safetensors", "", bad, "header is not valid JSON (parse error");
        row("invalid_utf8.safetensors", "", bad, "ill-formed UTF-8");
        row("deep_nesting.safetensors", "", bad, "header nests deeper than 8 levels");
        row("unknown_dtype.safetensors", "", bad, "tensor 'a': unsupported dtype 'F7'");
        row("offsets_out_of_range.safetensors", "", bad, "tensor 'b': data_offsets [24, 4000] reach past the end");
        row("overlapping_offsets.safetensors", "", bad, "tensor 'b' overlaps tensor 'a'");
        row("shape_size_mismatch.safetensors", "", bad, "tensor 'a': shape and dtype need 16 bytes but data_offsets span 24");
        row("negative_dimension.safetensors", "", bad, "got the negative number -2");
        row("shape_overflow.safetensors", "", bad, "tensor 'a': shape size overflows 64 bits");
        row("huge_number.safetensors", "", bad, "number overflow parsing '1e400'");
        row("float_dimension.safetensors", "", bad, "must be a non-negative integer, got the number 2.0");
        row("gap_between_tensors.safetensors", "", bad, "gap of 8 unused bytes before tensor 'b'");
        row("trailing_bytes.safetensors", "", bad, "8 trailing bytes after the last tensor");
        row("metadata_not_string.safetensors", "", bad, "__metadata__ must map strings to strings; 'format' is number 5");
        row("reversed_offsets.safetensors", "", bad, "data_offsets [40, 24] end before they begin");
        row("missing_field.safetensors", "", bad, "tensor 'a': missing \"shape\"");
        row("not_a_file.safetensors", "", bad, "is a directory, expected a");
        row("missing_shard", "missing_shard/model-00002-of-00002.safetensors", missing,
            "shard named by model.safetensors.index.json (for 'y') is missing");
        row("index_names_missing_file.safetensors.index.json", "does-not-exist.safetensors", missing,
            "shard named by index_names_missing_file.safetensors.index.json (for 'x') is missing");
        row("tensor_missing_from_shard", "tensor_missing_from_shard/model-00001-of-00001.safetensors", bad,
            "model.safetensors.index.json says this shard holds 'y' but it does not");
        row("shards_without_index", "shards_without_index", bad, "but no *.safetensors.index.json naming the shards");
        row("index_escapes_folder", "index_escapes_folder/model.safetensors.index.json", bad,
            "names '../good.safetensors', which is not a plain file name");
    }
    void eachBrokenFileGivesItsError()
    {
        QFETCH(QString, file);
        QFETCH(QString, blamed);
        QFETCH(int, code);
        QFETCH(QString, problem);
        const std::string path = broken(file.toStdString());
        const std::string blamedPath = blamed.isEmpty() ? path : broken(blamed.toStdString());
        const bool isFile = file.endsWith(".safetensors");
        try {
            if (isFile) // the reader itself, then through WeightSource as the app opens it
                SafetensorsReader reader(path);
            WeightSource::open(path);
            QFAIL("broken input accepted");
        } catch (const FileError& e) {
            QCOMPARE(errorCodeName(e.code()), errorCodeName(ErrorCode(code)));
            QCOMPARE(e.path(), blamedPath);
            QCOMPARE(std::string(e.what()).substr(0, blamedPath.size() + 2), blamedPath + ": ");
            QVERIFY2(std::string(e.what()).find(problem.toStdString()) != std::string::npos, e.what());
        }
    }

    void everyBrokenFileIsListedAbove()
    {
        // A fixture added without a row would be tested by nobody.
        QStringList listed;
        eachBrokenFileGivesItsError_data();
        const QDir dir(QString::fromStdString(broken("")));
        for (const QString& name : dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot)) {
            if (name == "good.safetensors" || name == "make_broken.py")
                continue;
            QVERIFY2(m_rows.contains(name), qPrintable(name + " has no row in eachBrokenFileGivesItsError_data"));
        }
    }

    void theGoodTwinLoads()
    {
        WeightSource source = WeightSource::open(broken("good.safetensors"));
        QCOMPARE(source.names(), (std::vector<std::string>{"a", "b"}));
        QCOMPARE(source.view("a").sum().item<float>(), 21.0f);
        QCOMPARE(source.view("b").sum().item<std::int64_t>(), std::int64_t(15));
    }

private:
    void row(const char* file, const char* blamed, int code, const char* problem)
    {
        m_rows.insert(file);
        if (QTest::currentTestFunction() == QByteArray("eachBrokenFileGivesItsError"))
            QTest::newRow(file) << QString(file) << QString(blamed) << code << QString(problem);
    }
    static std::string broken(const std::string& relative) { return test::fixturesDir() + "/broken/" + relative; }
    QSet<QString> m_rows;
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_BrokenFixtures)

} // namespace tst_BrokenFixtures
#include "tst_BrokenFixtures.moc"
