// ConfigReader: the one reader of config.json keys for every family. Absent or null keeps the
// default; a wrong type or a value out of range is refused naming the file, the key (with its
// prefix and list index), the value as written and the bound.
#include "core/ConfigReader.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

#include <functional>

namespace tst_ConfigReader {

using namespace framesmith;
using nlohmann::json;

namespace {

QString refusal(const std::function<void()>& read)
{
    try {
        read();
    } catch (const FileError& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

} // namespace

class TestConfigReader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void absentOrNullKeepsTheDefault()
    {
        const json j = json::parse(R"({"a": null})");
        const ConfigReader r(j, "cfg.json");
        int a = 7, b = 8;
        double c = 0.5;
        bool d = true;
        r.integer("a", a, 0, 10);
        r.integer("b", b, 0, 10);
        r.number("c", c, 0.0, 1.0);
        r.flag("d", d);
        QCOMPARE(a, 7);
        QCOMPARE(b, 8);
        QCOMPARE(c, 0.5);
        QVERIFY(d);
    }

    void refusalsNameFileKeyValueAndBound_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("below") << R"({"n": 0})" << "config key 'n' is 0, below the minimum 1";
        QTest::newRow("above") << R"({"n": 4294967298})" << "config key 'n' is 4294967298, above the limit 64";
        QTest::newRow("unsigned") << R"({"n": 18446744073709551615})" << "above the limit 64";
        QTest::newRow("float") << R"({"n": 2.5})" << "config key 'n' must be an integer, got 2.5";
        QTest::newRow("whole float") << R"({"n": 4.0})" << "must be an integer";
        QTest::newRow("string") << R"({"n": "4"})" << "must be an integer, got \"4\"";
        QTest::newRow("list element") << R"({"list": [1, 0]})" << "config key 'list[1]' is 0, below the minimum 1";
        QTest::newRow("number") << R"({"x": 3.5})" << "config key 'x' is 3.5, above the limit 2";
        QTest::newRow("flag") << R"({"f": 1})" << "config key 'f' must be true or false, got 1";
    }
    void refusalsNameFileKeyValueAndBound()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        const json j = json::parse(text.toStdString());
        const ConfigReader r(j, "cfg.json");
        const QString message = refusal([&] {
            int n = 1;
            std::vector<std::int64_t> list;
            double x = 0;
            bool f = false;
            r.integer("n", n, 1, 64);
            r.integers("list", list, 1, 8, 0, 4);
            r.number("x", x, 0.0, 2.0);
            r.flag("f", f);
        });
        QVERIFY2(message.contains(expected) && message.contains("cfg.json"), qPrintable(message));
    }

    void wholeFloatsAreAcceptedOnlyWhereAsked()
    {
        const json j = json::parse(R"({"n": 4.0, "m": 4.5})");
        std::int64_t n = 0;
        ConfigReader(j, "cfg.json", "", ConfigReader::WholeFloats::Accepted).integer("n", n, 1, 8);
        QCOMPARE(n, std::int64_t{4});
        QVERIFY(refusal([&] { ConfigReader(j, "cfg.json", "", ConfigReader::WholeFloats::Accepted).integer("m", n, 1, 8); })
                    .contains("must be an integer"));
        QVERIFY(refusal([&] { ConfigReader(j, "cfg.json").integer("n", n, 1, 8); }).contains("must be an integer"));
    }

    void nestedObjectsNameTheirPrefix()
    {
        const json j = json::parse(R"({"channels": -1})");
        std::int64_t channels = 0;
        const QString message = refusal([&] { ConfigReader(j, "cfg.json", "vae_2d.").integer("channels", channels, 1, 8); });
        QVERIFY2(message.contains("'vae_2d.channels'"), qPrintable(message));
        QVERIFY(refusal([&] { ConfigReader(json::array(), "cfg.json"); }).contains("not a JSON object"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestConfigReader)

} // namespace tst_ConfigReader
#include "tst_ConfigReader.moc"
