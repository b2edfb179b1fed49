#pragma once
// The regular expressions of Python 3.11's html/parser.py and _markupbase.py, verbatim (\x00
// written as a regex escape), and set_cdata_mode's closing-tag patterns with the letters re.I
// matches. Internal to HtmlParser.
#include "text/python/PythonRegex.h"

namespace framesmith::python::html {

using Regex = PythonRegex;

inline const Regex& entityRef() { static const Regex r(UR"(&([a-zA-Z][-.a-zA-Z0-9]*)[^a-zA-Z0-9])"); return r; }
inline const Regex& charRef() { static const Regex r(UR"(&#(?:[0-9]+|[xX][0-9a-fA-F]+)[^0-9a-fA-F])"); return r; }
inline const Regex& incomplete() { static const Regex r(UR"(&[a-zA-Z#])"); return r; }
inline const Regex& startTagOpen() { static const Regex r(UR"(<[a-zA-Z])"); return r; }
inline const Regex& commentClose() { static const Regex r(UR"(--\s*>)"); return r; }
inline const Regex& tagFind() { static const Regex r(UR"(([a-zA-Z][^\t\n\r\f />\x00]*)(?:\s|/(?!>))*)"); return r; }
inline const Regex& attrFind()
{
    static const Regex r(UR"(((?<=['"\s/])[^\s/>][^\s/=>]*)(\s*=+\s*('[^']*'|"[^"]*"|(?!['"])[^>\s]*))?(?:\s|/(?!>))*)");
    return r;
}
inline const Regex& locateStartTagEnd()
{
    static const Regex r(UR"(
  <[a-zA-Z][^\t\n\r\f />\x00]*       # tag name
  (?:[\s/]*                          # optional whitespace before attribute name
    (?:(?<=['"\s/])[^\s/>][^\s/=>]*  # attribute name
      (?:\s*=+\s*                    # value indicator
        (?:'[^']*'                   # LITA-enclosed value
          |"[^"]*"                   # LIT-enclosed value
          |(?!['"])[^>\s]*           # bare value
         )
        \s*                          # possibly followed by a space
       )?(?:\s|/(?!>))*
     )*
   )?
  \s*                                # trailing whitespace
)", true);
    return r;
}
inline const Regex& endTagFind() { static const Regex r(UR"(</\s*([a-zA-Z][-.a-zA-Z0-9:_]*)\s*>)"); return r; }
inline const Regex& declName() { static const Regex r(UR"([a-zA-Z][-_.a-zA-Z0-9]*\s*)"); return r; }
inline const Regex& markedSectionClose() { static const Regex r(UR"(]\s*]\s*>)"); return r; }
inline const Regex& msMarkedSectionClose() { static const Regex r(UR"(]\s*>)"); return r; }
inline const Regex& scriptClose() { static const Regex r(UR"(</\s*[sS\u017F][cC][rR][iI\u0130\u0131][pP][tT]\s*>)"); return r; }
inline const Regex& styleClose() { static const Regex r(UR"(</\s*[sS\u017F][tT][yY][lL][eE]\s*>)"); return r; }

} // namespace framesmith::python::html
