// Open-Sora's prompt preparation against the reference: the 8 golden prompts of
// golden/text_encoder.json (text after append_score_to_prompts and after text_preprocessing,
// exact) and the constructed cases of captions/cleaning_cases.json (made by the reference code,
// see make_cleaning_cases.py: HTML and entities, URLs, handles, CJK, dashes, quotes, ids,
// numbers, file names, mojibake, ligatures, widths, URL escapes, Unicode case and normalisation).
// Hostile prompts (issue 34): no crash on long repeats, work that grows linearly with the text on
// every shape that was quadratic, and a cancel obeyed while cleaning.
#include "support/TestPaths.h"

#include "framesmith/CancelToken.h"
#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraCaptionCleaner.h"
#include "text/python/PythonRegexProgram.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cstdlib>
#include <fstream>

namespace tst_OpenSoraCaptionCleaner {

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

std::string repeated(const std::string& unit, std::size_t characters)
{
    std::string text;
    while (text.size() < characters)
        text += unit;
    return text;
}

// The regex work (threads stepped over characters) of cleaning `text`.
std::size_t cleaningWork(const std::string& text)
{
    const std::size_t before = framesmith::PythonRegexProgram::threadSteps();
    OpenSoraCaptionCleaner::textPreprocessing(text);
    return framesmith::PythonRegexProgram::threadSteps() - before;
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

    // The backtracker recursed once per repetition of a group: a 12 KB prompt overflowed the stack.
    void longRepeatsDoNotCrash()
    {
        // Each of the first three overflowed the old matcher's stack (SIGSEGV at 12 000 characters).
        for (const std::string& prompt : {"<a" + repeated(" b", 12000) + ">x", "<a" + repeated(" /", 12000) + ">x",
                                          "<a " + repeated("b=c ", 12000) + ">x", "<a" + std::string(12000, ' ') + ">x",
                                          "<a b='" + std::string(12000, 'c') + "'>x"}) {
            const std::string cleaned = OpenSoraCaptionCleaner::textPreprocessing(prompt);
            QVERIFY(cleaned.size() < prompt.size());
        }
    }

    // Each shape took quadratic time (a.a.a…: 20 KB in 30 s); four times the text must cost about
    // four times the work, not sixteen. Work is counted, not timed.
    void cleaningWorkGrowsLinearlyOnHostileShapes()
    {
        const std::vector<std::pair<const char*, std::string>> shapes = {
            {"a.a.a", "a."}, {"unclosed comments", "<!--"}, {"one unclosed comment", "<!--a"},
            {"url-like", "www.a.co/"}, {"entities", "&amp;"}, {"bare ampersands", "&"}, {"unclosed tags", "<a "},
            {"end tags", "</a"}, {"digits and dots", "1."}, {"no spaces", "x"}, {"dashes", "a-"},
            {"quotes", "'\""}, {"ids", "a1b"}, {"escapes", "%41"}, {"spaces", " "}, {"file-like", "a.png."},
            // found by the fuzz driver: unclosed quoted attributes, inside and outside a quote in turn
            {"unclosed quoted attributes", "<p x=\""}, {"ligature and quoted attribute", "\xef\xac\x81<p x=\" "},
            {"quoted attribute and url", "<p x=\".com"}};
        for (const auto& [name, unit] : shapes) {
            const bool oneConstruct = std::string(name) == "one unclosed comment";
            const auto text = [&](std::size_t n) { return oneConstruct ? "<!--" + repeated("a", n) : repeated(unit, n); };
            const std::size_t small = cleaningWork(text(2000));
            const std::size_t large = cleaningWork(text(8000));
            QVERIFY2(large <= 5 * small + 1000,
                     qPrintable(QString("%1: %2 steps at 2000 characters, %3 at 8000").arg(name).arg(small).arg(large)));
        }
    }

    void cancelIsCheckedWhileCleaning()
    {
        framesmith::CancelToken cancel;
        QCOMPARE(OpenSoraCaptionCleaner::textPreprocessing("a cat", &cancel), std::string("a cat"));
        cancel.request(framesmith::CancelMode::StopNow);
        QVERIFY_THROWS_EXCEPTION(framesmith::CancelledError, OpenSoraCaptionCleaner::textPreprocessing("a cat", &cancel));
    }

    void referenceRejectionsAreErrors()
    {
        // html.parser raises on marked sections it cannot read; the reference crashes on these.
        QVERIFY_THROWS_EXCEPTION(framesmith::InvalidRequestError, OpenSoraCaptionCleaner::textPreprocessing("a<![foo[x]]>b"));
        QVERIFY_THROWS_EXCEPTION(framesmith::InvalidRequestError, OpenSoraCaptionCleaner::textPreprocessing("a<![ x"));
        QCOMPARE(OpenSoraCaptionCleaner::textPreprocessing("a<![cdata[x]]>b"), std::string("axb"));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_OpenSoraCaptionCleaner)

} // namespace tst_OpenSoraCaptionCleaner
#include "tst_OpenSoraCaptionCleaner.moc"
