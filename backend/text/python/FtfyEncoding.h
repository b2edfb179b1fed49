#pragma once
// ftfy 6.2.0's mojibake repair (ftfy.fix_encoding with the default configuration) and the badness
// heuristic it steers by: text that looks bad is re-encoded in each single-byte code page ftfy
// knows (latin-1, sloppy-windows-1252/1251/1250/1253/1254, iso-8859-2, macroman, cp437) and
// decoded as UTF-8 (CESU-8/Java-null variants included) after restore_byte_a0 and
// replace_lossy_sequences; failing that, embedded UTF-8 mojibake is fixed in place
// (decode_inconsistent_utf8), latin-1 is read as windows-1252, and C1 controls are replaced.
// The regular expressions are ftfy's own (make_text_tables.py copies them). Stateless; any thread.
#include <optional>
#include <string>

namespace framesmith {

class FtfyEncoding {
public:
    static std::u32string fixEncoding(const std::u32string& text);   // ftfy.fix_encoding
    static bool isBad(const std::u32string& text);                    // ftfy.badness.is_bad
    static std::u32string fixC1Controls(const std::u32string& text);  // ftfy.fixes.fix_c1_controls

    // Bytes are code points 0..255. Strict UTF-8 (nullopt on any error) and ftfy's utf-8-variants.
    static std::optional<std::u32string> decodeUtf8(const std::u32string& bytes, bool allowVariants);
};

} // namespace framesmith
