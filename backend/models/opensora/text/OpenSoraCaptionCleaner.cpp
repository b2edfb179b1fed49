#include "models/opensora/text/OpenSoraCaptionCleaner.h"

#include "framesmith/CancelToken.h"
#include "framesmith/Error.h"
#include "text/python/Ftfy.h"
#include "text/python/HtmlEntities.h"
#include "text/python/HtmlText.h"
#include "text/python/PythonRegex.h"
#include "text/python/PythonUnicode.h"
#include "text/python/UrlUnquote.h"

#include <cmath>
#include <cstdio>
#include <vector>

namespace framesmith {

namespace {

struct Rule {
    PythonRegex regex;
    std::u32string replacement;
};

Rule rule(const std::u32string& pattern, const std::u32string& replacement)
{
    return Rule{PythonRegex(pattern), replacement};
}

// t5.py clean_caption up to BeautifulSoup (after unquote_plus, strip and lower()).
const std::vector<Rule>& beforeHtml()
{
    static const std::vector<Rule> rules = [] {
        std::vector<Rule> r;
        r.push_back(rule(U"<person>", U"person"));
        // urls
        r.push_back(rule(UR"(\b((?:https?:(?:\/{1,3}|[a-zA-Z0-9%])|[a-zA-Z0-9.\-]+[.](?:com|co|ru|net|org|edu|gov|it)[\w/-]*\b\/?(?!@))))", U""));
        r.push_back(rule(UR"(\b((?:www:(?:\/{1,3}|[a-zA-Z0-9%])|[a-zA-Z0-9.\-]+[.](?:com|co|ru|net|org|edu|gov|it)[\w/-]*\b\/?(?!@))))", U""));
        return r;
    }();
    return rules;
}

// From the @nickname rule to the punctuation runs (before the slug rule and basic_clean).
const std::vector<Rule>& afterHtml()
{
    static const std::vector<Rule> rules = [] {
        std::vector<Rule> r;
        r.push_back(rule(UR"(@[\w\d]+\b)", U""));
        // CJK strokes, katakana extensions, enclosed letters, compatibility, ideographs (ext. A, base), hexagrams
        for (const char32_t* range : {UR"([\u31c0-\u31ef]+)", UR"([\u31f0-\u31ff]+)", UR"([\u3200-\u32ff]+)",
                                      UR"([\u3300-\u33ff]+)", UR"([\u3400-\u4dbf]+)", UR"([\u4dc0-\u4dff]+)",
                                      UR"([\u4e00-\u9fff]+)"})
            r.push_back(rule(range, U""));
        // all types of dash --> "-"
        r.push_back(rule(UR"([\u002D\u058A\u05BE\u1400\u1806\u2010-\u2015\u2E17\u2E1A\u2E3A\u2E3B\u2E40\u301C\u3030\u30A0\uFE31\uFE32\uFE58\uFE63\uFF0D]+)", U"-"));
        // quotes to one standard
        r.push_back(rule(U"[`\u00B4\u00AB\u00BB\u201C\u201D\u00A8]", U"\""));
        r.push_back(rule(U"[\u2018\u2019]", U"'"));
        r.push_back(rule(UR"(&quot;?)", U""));          // &quot;
        r.push_back(rule(UR"(&amp)", U""));             // &amp
        r.push_back(rule(UR"(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})", U" ")); // ip addresses
        r.push_back(rule(UR"(\d:\d\d\s+$)", U""));      // article ids
        r.push_back(rule(UR"(\\n)", U" "));             // a literal "\n"
        r.push_back(rule(UR"(#\d{1,3}\b)", U""));       // "#123"
        r.push_back(rule(UR"(#\d{5,}\b)", U""));        // "#12345.."
        r.push_back(rule(UR"(\b\d{6,}\b)", U""));       // "123456.."
        r.push_back(rule(UR"([\S]+\.(?:png|jpg|jpeg|bmp|webp|eps|pdf|apk|mp4))", U"")); // file names
        r.push_back(rule(UR"([\"\']{2,})", U"\""));     // """AUSVERKAUFT"""
        r.push_back(rule(UR"([\.]{2,})", U" "));        // """AUSVERKAUFT"""
        // BAD_PUNCT_REGEX: ***AUSVERKAUFT***, #AUSVERKAUFT
        r.push_back(rule(U"[#\u00AE\u2022\u00A9\u2122&@\u00B7\u00BA\u00BD\u00BE\u00BF\u00A1\u00A7~\\)\\(\\]\\[\\}\\{\\|\\\\/\\*]{1,}", U" "));
        r.push_back(rule(UR"(\s+\.\s+)", U" "));        // " . "
        return r;
    }();
    return rules;
}

// After basic_clean, to the end.
const std::vector<Rule>& afterBasicClean()
{
    static const std::vector<Rule> rules = [] {
        std::vector<Rule> r;
        r.push_back(rule(UR"(\b[a-zA-Z]{1,3}\d{3,15}\b)", U""));   // jc6640
        r.push_back(rule(UR"(\b[a-zA-Z]+\d+[a-zA-Z]+\b)", U""));   // jc6640vc
        r.push_back(rule(UR"(\b\d+[a-zA-Z]+\d+\b)", U""));         // 6640vc231
        r.push_back(rule(UR"((worldwide\s+)?(free\s+)?shipping)", U""));
        r.push_back(rule(UR"((free\s)?download(\sfree)?)", U""));
        r.push_back(rule(UR"(\bclick\b\s(?:for|on)\s\w+)", U""));
        r.push_back(rule(UR"(\b(?:png|jpg|jpeg|bmp|webp|eps|pdf|apk|mp4)(\simage[s]?)?)", U""));
        r.push_back(rule(UR"(\bpage\s+\d+\b)", U""));
        r.push_back(rule(UR"(\b\d*[a-zA-Z]+\d+[a-zA-Z]+\d+[a-zA-Z\d]*\b)", U" ")); // j2d1a2a...
        r.push_back(rule(U"\\b\\d+\\.?\\d*[x\u0445\u00D7]\\d+\\.?\\d*\\b", U""));
        r.push_back(rule(UR"(\b\s+\:\s+)", U": "));
        r.push_back(rule(UR"((\D[,\./])\b)", UR"(\1 )"));
        r.push_back(rule(UR"(\s+)", U" "));
        r.push_back(rule(UR"(^[\"\']([\w\W]+)[\"\']$)", UR"(\1)"));
        r.push_back(rule(UR"(^[\'\_,\-\:;])", U""));
        r.push_back(rule(UR"([\'\_,\-\:\-\+]$)", U""));
        r.push_back(rule(UR"(^\.\S+$)", U""));
        return r;
    }();
    return rules;
}

void checkCancel(const CancelToken* cancel)
{
    if (cancel && cancel->isStopRequested())
        throw CancelledError("prompt cleaning");
}

std::u32string applyRules(std::u32string text, const std::vector<Rule>& rules, const CancelToken* cancel)
{
    for (const Rule& r : rules) {
        checkCancel(cancel);
        text = r.regex.sub(text, r.replacement);
    }
    return text;
}

std::u32string basicClean(const std::u32string& text)
{
    const std::u32string fixed = Ftfy::fixText(text);
    return PythonUnicode::strip(HtmlEntities::unescape(HtmlEntities::unescape(fixed)));
}

std::string scoreText(double score, const char* what)
{
    if (!std::isfinite(score))
        throw InvalidRequestError(what, "must be a finite number");
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.1f", score); // Python's f"{score:.1f}": both round correctly
    return buffer;
}

} // namespace

std::u32string OpenSoraCaptionCleaner::cleanCaption(const std::u32string& input, const CancelToken* cancel)
{
    std::u32string caption = UrlUnquote::unquotePlus(input);
    caption = PythonUnicode::lower(PythonUnicode::strip(caption));
    caption = applyRules(caption, beforeHtml(), cancel);
    checkCancel(cancel);
    caption = HtmlText::text(caption);
    caption = applyRules(caption, afterHtml(), cancel);
    // this-is-my-cute-cat / this_is_my_cute_cat: more than three '-'/'_' turn them all into spaces.
    static const PythonRegex slug(UR"((?:\-|\_))");
    if (slug.findAll(caption).size() > 3)
        caption = slug.sub(caption, U" ");
    checkCancel(cancel);
    caption = basicClean(caption);
    caption = applyRules(caption, afterBasicClean(), cancel);
    return PythonUnicode::strip(caption);
}

std::string OpenSoraCaptionCleaner::textPreprocessing(const std::string& text, const CancelToken* cancel)
{
    // "The exact text cleaning as was in the training stage": twice.
    return PythonUnicode::toUtf8(cleanCaption(cleanCaption(PythonUnicode::fromUtf8(text), cancel), cancel));
}

std::string OpenSoraCaptionCleaner::appendScores(const std::string& prompt, std::optional<double> aestheticScore,
                                                 std::optional<double> flowScore)
{
    std::string out = prompt;
    if (aestheticScore && prompt.find("aesthetic score:") == std::string::npos)
        out += " aesthetic score: " + scoreText(*aestheticScore, "aesthetic score") + ".";
    if (flowScore && prompt.find("motion score:") == std::string::npos)
        out += " motion score: " + scoreText(*flowScore, "motion score") + ".";
    return out;
}

} // namespace framesmith
