#include "text/python/PythonTextTables.h"

#include <algorithm>
#include <iterator>

namespace framesmith::python::tables {

namespace {
#include "text/python/PythonTextTables.inc"

template <class T, std::size_t N>
Table<T> tableOf(const T (&array)[N])
{
    return Table<T>{array, N};
}
} // namespace

Table<CodeRange> wordRanges() { return tableOf(kWordRanges); }
Table<CodeRange> digitRanges() { return tableOf(kDigitRanges); }
Table<CodeRange> spaceRanges() { return tableOf(kSpaceRanges); }
Table<CodeRange> caseIgnorableRanges() { return tableOf(kCaseIgnorableRanges); }
Table<CodeRange> casedRanges() { return tableOf(kCasedRanges); }
Table<CaseMapping> lowerMappings() { return tableOf(kLowerMappings); }
Table<CaseMapping> decompositions() { return tableOf(kDecompositions); }
Table<CombiningClass> combiningClasses() { return tableOf(kCombiningClasses); }
Table<Composition> compositions() { return tableOf(kCompositions); }
Table<NamedEntity> html5Entities() { return tableOf(kHtml5Entities); }
Table<NamedEntity> upperCaseEntities() { return tableOf(kUpperCaseEntities); }
Table<CodePage> codePages() { return tableOf(kCodePages); }
Table<CaseMapping> widthMappings() { return tableOf(kWidthMappings); }
Table<CaseMapping> ligatures() { return tableOf(kLigatures); }

PatternSource ftfyPattern(const std::string& name)
{
    struct Entry {
        const char* name;
        const char32_t* text;
        bool isVerbose;
    };
    static const Entry entries[] = {
        {"Badness", kPatternBadness, kPatternBadnessIsVerbose},
        {"Utf8Detector", kPatternUtf8Detector, kPatternUtf8DetectorIsVerbose},
        {"AlteredUtf8", kPatternAlteredUtf8, kPatternAlteredUtf8IsVerbose},
        {"LossyUtf8", kPatternLossyUtf8, kPatternLossyUtf8IsVerbose},
        {"AGraveWord", kPatternAGraveWord, kPatternAGraveWordIsVerbose},
        {"C1Control", kPatternC1Control, kPatternC1ControlIsVerbose},
        {"HtmlEntity", kPatternHtmlEntity, kPatternHtmlEntityIsVerbose},
        {"Ansi", kPatternAnsi, kPatternAnsiIsVerbose},
        {"SingleQuote", kPatternSingleQuote, kPatternSingleQuoteIsVerbose},
        {"DoubleQuote", kPatternDoubleQuote, kPatternDoubleQuoteIsVerbose},
        {"Cesu8", kPatternCesu8, kPatternCesu8IsVerbose},
    };
    for (const auto& e : entries)
        if (name == e.name)
            return PatternSource{std::u32string(e.text), e.isVerbose};
    return PatternSource{};
}

bool inRanges(const Table<CodeRange>& ranges, char32_t c)
{
    // Ranges are sorted and disjoint: the last range starting at or before c decides.
    auto it = std::upper_bound(ranges.begin(), ranges.end(), c,
                               [](char32_t value, const CodeRange& r) { return value < r.first; });
    return it != ranges.begin() && c <= std::prev(it)->last;
}

const CaseMapping* findMapping(const Table<CaseMapping>& table, char32_t c)
{
    auto it = std::lower_bound(table.begin(), table.end(), c,
                               [](const CaseMapping& m, char32_t value) { return m.from < value; });
    return it != table.end() && it->from == c ? it : nullptr;
}

std::size_t mappingLength(const CaseMapping& mapping)
{
    std::size_t n = 0;
    while (n < 4 && mapping.to[n] != 0)
        ++n;
    return n;
}

} // namespace framesmith::python::tables
