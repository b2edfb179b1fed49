#pragma once
// ftfy.fix_text (ftfy 6.2.0, default TextFixerConfig) as clean_caption's basic_clean calls it.
// Implemented: the line-by-line segments (and "auto" HTML unescaping switched off for good once a
// segment holds '<'), and per segment, repeated until nothing changes: unescape_html (ftfy's entity
// table, upper-case names included), fix_encoding (FtfyEncoding: every code page and
// transcoding step of the reference), fix_c1_controls, fix_latin_ligatures, fix_character_width,
// uncurl_quotes, fix_line_breaks, fix_surrogates, remove_terminal_escapes, remove_control_chars
// and NFC normalisation. Not implemented: nothing on this path; ftfy's other entry points
// (fix_file, guess_bytes, explanations, apply_plan, the max_decode_length split of lines longer
// than a million characters) are outside it. Stateless; any thread.
#include <string>

namespace framesmith {

class Ftfy {
public:
    static std::u32string fixText(const std::u32string& text);
    // One segment with unescape_html on or off (ftfy.fix_and_explain without the explanation).
    static std::u32string fixSegment(const std::u32string& segment, bool unescapeHtml);

    static std::u32string unescapeHtml(const std::u32string& text);
    static std::u32string uncurlQuotes(const std::u32string& text);
    static std::u32string fixSurrogates(const std::u32string& text);
    static std::u32string removeControlCharacters(const std::u32string& text);
};

} // namespace framesmith
