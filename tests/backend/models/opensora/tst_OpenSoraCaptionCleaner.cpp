// Open-Sora's prompt preparation against the reference: the 8 golden prompts of
// golden/text_encoder.json (text after append_score_to_prompts and after text_preprocessing,
// exact) and the constructed cases of captions/cleaning_cases.json (made by the reference code,
// see make_cleaning_cases.py: HTML and entities, URLs, handles, CJK, dashes, quotes, ids,
// numbers, file names, mojibake, ligatures, widths, URL escapes, Unicode case and normalisation).
#include "support/TestPaths.h"

#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraCaptionCleaner.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cstdlib>
#include <fstream>

using framesmith::OpenSoraCaptionCleaner;

namespace {

nlohmann::json readJson(const std::string& path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

std::optional<double> optionalNumber(const nlohmann::json& value)
{
    return value.is_null() ? std::nullopt : std::optional<double>(value.get<double>());
}

QString show(const std::string& text)
{
    return QString::fromStdString(nlohmann::json(text).dump(-1, ' ', true));
}

// Runs every case; returns the failures described.
QStringList failuresIn(const nlohmann::json& cases)
{
    QStringList failures;
    for (const auto& c : cases) {
        const std::string raw = c.at("raw").get<std::string>();
        const std::string appended = OpenSoraCaptionCleaner::appendScores(raw, optionalNumber(c.at("aes")),
                                                                           optionalNumber(c.at("flow")));
        if (appended != c.at("after_append_score").get<std::string>()) {
            failures << "append_score " + show(raw) + ": got " + show(appended);
            continue;
        }
        if (c.contains("error")) {
            try {
                OpenSoraCaptionCleaner::textPreprocessing(appended);
                failures << "expected the reference's " + QString::fromStdString(c["error"].get<std::string>())
                                + " for " + show(raw);
            } catch (const framesmith::InvalidRequestError&) {
            }
            continue;
        }
        const std::string expected = c.at("after_text_preprocessing").get<std::string>();
        const std::string cleaned = OpenSoraCaptionCleaner::textPreprocessing(appended);
        if (cleaned != expected)
            failures << show(appended) + "\n      got      " + show(cleaned) + "\n      expected " + show(expected);
    }
    return failures;
}

} // namespace

class tst_OpenSoraCaptionCleaner : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void goldenPromptsAreCleanedExactly()
    {
        const auto golden = readJson(framesmith::test::fixturesDir() + "/opensora/golden/text_encoder.json");
        QCOMPARE(golden.at("cases").size(), std::size_t(8));
        const QStringList failures = failuresIn(golden.at("cases"));
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join("\n")));
    }

    void constructedCasesMatchTheReference()
    {
        // FRAMESMITH_CLEANING_CASES may name a larger file made by make_cleaning_cases.py --random N.
        const char* other = std::getenv("FRAMESMITH_CLEANING_CASES");
        const std::string path = other ? other : framesmith::test::fixturesDir() + "/opensora/captions/cleaning_cases.json";
        const auto cases = readJson(path).at("cases");
        QVERIFY(cases.size() >= 50);
        const QStringList failures = failuresIn(cases);
        QVERIFY2(failures.isEmpty(), qPrintable(QString("%1 of %2 cases differ:\n").arg(failures.size()).arg(cases.size())
                                                + failures.mid(0, 20).join("\n")));
    }

    void scoresFollowPythonFormatting()
    {
        QCOMPARE(OpenSoraCaptionCleaner::appendScores("x", 6.5, std::nullopt), std::string("x aesthetic score: 6.5."));
        QCOMPARE(OpenSoraCaptionCleaner::appendScores("x", 5.25, 2.35), std::string("x aesthetic score: 5.2. motion score: 2.4."));
        QCOMPARE(OpenSoraCaptionCleaner::appendScores("x", std::nullopt, 4.0), std::string("x motion score: 4.0."));
        QCOMPARE(OpenSoraCaptionCleaner::appendScores("x aesthetic score: 7.0.", 6.5, std::nullopt),
                 std::string("x aesthetic score: 7.0."));
        QVERIFY_THROWS_EXCEPTION(framesmith::InvalidRequestError,
                                 OpenSoraCaptionCleaner::appendScores("x", std::numeric_limits<double>::quiet_NaN(), 1.0));
    }

    void referenceRejectionsAreErrors()
    {
        // html.parser raises on marked sections it cannot read; the reference crashes on these.
        QVERIFY_THROWS_EXCEPTION(framesmith::InvalidRequestError, OpenSoraCaptionCleaner::textPreprocessing("a<![foo[x]]>b"));
        QVERIFY_THROWS_EXCEPTION(framesmith::InvalidRequestError, OpenSoraCaptionCleaner::textPreprocessing("a<![ x"));
        QCOMPARE(OpenSoraCaptionCleaner::textPreprocessing("a<![cdata[x]]>b"), std::string("axb"));
    }
};

QTEST_GUILESS_MAIN(tst_OpenSoraCaptionCleaner)
#include "tst_OpenSoraCaptionCleaner.moc"
