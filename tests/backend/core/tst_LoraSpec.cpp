// `--lora FILE[:STRENGTH][@high|@low]` as the CLI parses it, the range checks every front end
// shares, and the "loras" list of job files and sidecars (written only when used).
#include "framesmith/Error.h"
#include "framesmith/GenerationRequest.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_LoraSpec {

using namespace framesmith;

class tst_LoraSpec : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void parsesFileStrengthAndExpert_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("strength");
        QTest::addColumn<QString>("expert");
        QTest::newRow("file") << "style.safetensors" << "style.safetensors" << 1.0 << "";
        QTest::newRow("strength") << "a/style.safetensors:0.6" << "a/style.safetensors" << 0.6 << "";
        QTest::newRow("negative") << "style.safetensors:-2" << "style.safetensors" << -2.0 << "";
        QTest::newRow("expert") << "high.safetensors:0.8@high" << "high.safetensors" << 0.8 << "high";
        QTest::newRow("expert, no strength") << "x.safetensors@low" << "x.safetensors" << 1.0 << "low";
        QTest::newRow("colon in a path") << "C:/loras/x.safetensors" << "C:/loras/x.safetensors" << 1.0 << "";
    }
    void parsesFileStrengthAndExpert()
    {
        QFETCH(QString, text);
        QFETCH(QString, file);
        QFETCH(double, strength);
        QFETCH(QString, expert);
        const LoraSpec lora = parseLoraArgument(text.toStdString());
        QCOMPARE(QString::fromStdString(lora.file), file);
        QCOMPARE(lora.strength, strength);
        QCOMPARE(QString::fromStdString(lora.expert), expert);
        QVERIFY(lora.enabled);
    }

    void refusesBadArguments_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("too strong") << "x.safetensors:2.5" << "outside -2..2";
        QTest::newRow("too negative") << "x.safetensors:-3" << "outside -2..2";
        QTest::newRow("not a number") << "x.safetensors:strong" << "must be a number";
        QTest::newRow("no file") << ":0.5" << "names no LoRA file";
        QTest::newRow("nan") << "x.safetensors:nan" << "must be a number";
    }
    void refusesBadArguments()
    {
        QFETCH(QString, text);
        QFETCH(QString, expected);
        try {
            parseLoraArgument(text.toStdString());
            QFAIL("accepted");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).contains(expected), e.what());
            QCOMPARE(QString::fromStdString(e.field()), QString("--lora"));
        }
    }

    void travelsInJobFilesAndSidecars()
    {
        GenerationRequest r;
        r.modelPath = "m";
        QVERIFY(toJson(r).find("loras") == std::string::npos); // sidecars without LoRAs stay as they were
        LoraSpec a = parseLoraArgument("a.safetensors:0.7");
        a.sha256 = std::string(64, 'e');
        LoraSpec b = parseLoraArgument("b.safetensors:-0.4@low");
        b.enabled = false;
        r.loras = {a, b};
        const GenerationRequest back = requestFromJson(toJson(r));
        QCOMPARE(back.loras.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(back.loras[0].file), QString("a.safetensors"));
        QCOMPARE(back.loras[0].strength, 0.7);
        QCOMPARE(back.loras[0].sha256, a.sha256);
        QCOMPARE(QString::fromStdString(back.loras[1].expert), QString("low"));
        QVERIFY(!back.loras[1].enabled);
        QCOMPARE(toJson(back), toJson(r));
    }

    void refusesBadJobEntries_data()
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not a list") << R"({"loras": "x"})" << "loras";
        QTest::newRow("strength") << R"({"loras": [{"file": "x", "strength": 9}]})" << "loras[0]: x: strength";
        QTest::newRow("no file") << R"({"loras": [{"strength": 1}]})" << "loras[0]: names no LoRA file";
        QTest::newRow("string strength") << R"({"loras": [{"file": "x", "strength": "1"}]})" << "strength";
    }
    void refusesBadJobEntries()
    {
        QFETCH(QString, json);
        QFETCH(QString, expected);
        try {
            requestFromJson(json.toStdString());
            QFAIL("accepted");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).contains(expected), e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_LoraSpec)

} // namespace tst_LoraSpec
#include "tst_LoraSpec.moc"
