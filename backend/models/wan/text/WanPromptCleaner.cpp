#include "models/wan/text/WanPromptCleaner.h"

#include "text/python/Ftfy.h"
#include "text/python/HtmlEntities.h"
#include "text/python/PythonRegex.h"
#include "text/python/PythonUnicode.h"

namespace framesmith {

WanPromptCleaner::Stages WanPromptCleaner::stages(const std::string& raw)
{
    // pipeline_wan.py does `import regex as re`: its \s leaves U+001C..U+001F alone where Python's
    // re would collapse them (ftfy's remove_control_chars has dropped them already, but the text
    // code follows the reference's module, not a coincidence of this recipe).
    static const PythonRegex kWhitespaceRun(UR"(\s+)", false, PythonRegex::Flavor::RegexModule);
    Stages out;
    const std::u32string fixed = Ftfy::fixText(PythonUnicode::fromUtf8(raw));
    const std::u32string unescaped = HtmlEntities::unescape(HtmlEntities::unescape(fixed));
    const std::u32string basic = PythonUnicode::strip(unescaped); // basic_clean's text.strip()
    const std::u32string cleaned = PythonUnicode::strip(kWhitespaceRun.sub(basic, U" "));
    out.afterFixText = PythonUnicode::toUtf8(fixed);
    out.afterUnescapeTwice = PythonUnicode::toUtf8(unescaped);
    out.cleaned = PythonUnicode::toUtf8(cleaned);
    return out;
}

} // namespace framesmith
