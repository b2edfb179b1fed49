#pragma once
// The generated tables of PythonTextTables.inc (see make_text_tables.py), sorted by code point
// or name as generated. Internal to text/python/; any thread (read-only data).
#include <cstddef>
#include <cstdint>
#include <string>

namespace framesmith::python::tables {

struct CodeRange {
    char32_t first, last;
};
struct CaseMapping {
    char32_t from;
    char32_t to[4]; // zero-terminated when shorter
};
struct CombiningClass {
    char32_t code;
    int value;
};
struct Composition {
    char32_t first, second, composite;
};
struct NamedEntity {
    const char* name; // html.entities.html5 key, with or without ';'
    char32_t text[4];
};
struct CodePage {
    const char* name;
    std::uint32_t bytes[256]; // code point of each byte; 0xFFFFFFFF where undefined
};

template <class T>
struct Table {
    const T* data;
    std::size_t size;
    const T* begin() const { return data; }
    const T* end() const { return data + size; }
};

Table<CodeRange> wordRanges();
Table<CodeRange> digitRanges();
Table<CodeRange> spaceRanges();
Table<CodeRange> caseIgnorableRanges();
Table<CodeRange> casedRanges();
Table<CaseMapping> lowerMappings();
Table<CaseMapping> decompositions();
Table<CombiningClass> combiningClasses();
Table<Composition> compositions();
Table<NamedEntity> html5Entities();
Table<NamedEntity> upperCaseEntities(); // ftfy's additions (names without '&')
Table<CodePage> codePages();
Table<CaseMapping> widthMappings();
Table<CaseMapping> ligatures();

// ftfy's compiled regular expressions by name (Badness, Utf8Detector, AlteredUtf8, LossyUtf8,
// AGraveWord, C1Control, HtmlEntity, Ansi, SingleQuote, DoubleQuote, Cesu8).
struct PatternSource {
    std::u32string text;
    bool isVerbose = false;
};
PatternSource ftfyPattern(const std::string& name);

bool inRanges(const Table<CodeRange>& ranges, char32_t c);
const CaseMapping* findMapping(const Table<CaseMapping>& table, char32_t c);
std::size_t mappingLength(const CaseMapping& mapping);

} // namespace framesmith::python::tables
