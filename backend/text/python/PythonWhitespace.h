#pragma once
// Python's str.lstrip()/rstrip() on UTF-8 text: transformers strips the text around added tokens
// (AddedToken lstrip/rstrip) with them, so the whitespace set is Python's str.isspace() set,
// not the C locale's (it includes U+3000 IDEOGRAPHIC SPACE, U+00A0, U+2028, ...). UTF-8 views of
// PythonUnicode's code-point functions; invalid bytes are kept, never stripped.
#include <string>

namespace framesmith {

bool isPythonWhitespace(char32_t codePoint);
std::string pythonLStrip(const std::string& utf8);
std::string pythonRStrip(const std::string& utf8);

} // namespace framesmith
