#pragma once
// The character classes and string operations of Python 3.11 (Unicode 14.0), from tables
// generated out of that interpreter (make_text_tables.py):
// re's \w \d \s, str.isspace/strip, str.lower (full mappings and the final-sigma rule),
// unicodedata.normalize("NFC"), and UTF-8 conversion. Text is handled as UTF-32 code points.
// Stateless; any thread.
#include <string>

namespace framesmith {

class PythonUnicode {
public:
    static bool isWord(char32_t c);   // re \w: str.isalnum() or '_'
    static bool isDigit(char32_t c);  // re \d: str.isdecimal()
    static bool isSpace(char32_t c);  // re \s == str.isspace()
    // Unicode White_Space (the regex module's \s): str.isspace() less U+001C..U+001F, which
    // Python counts as space for their bidirectional class only.
    static bool isWhiteSpace(char32_t c) { return isSpace(c) && !(c >= 0x1c && c <= 0x1f); }

    static std::u32string lower(const std::u32string& text);  // str.lower()
    static std::u32string strip(const std::u32string& text);  // str.strip()
    static std::u32string nfc(const std::u32string& text);    // unicodedata.normalize("NFC", text)
    static int combiningClass(char32_t c);

    // UTF-8 <-> code points. Invalid UTF-8 becomes U+FFFD per maximal subpart, as Python's
    // bytes.decode("utf-8", errors="replace") does.
    static std::u32string fromUtf8(const std::string& text);
    static std::string toUtf8(const std::u32string& text);
};

} // namespace framesmith
