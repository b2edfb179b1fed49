#pragma once
// BeautifulSoup(markup, features="html.parser").text as caption cleaners call it
// (beautifulsoup4 4.11 over Python 3.11's html.parser, convert_charrefs=False): the tokenizer's
// goahead() run once with end=0 and once with end=1 (feed + close), bs4's named/numeric reference
// handling, its tag stack (string containers rt/rp/script/style/template, whitespace-only strings
// collapsed outside pre/textarea, void elements closed at once) and get_text()'s choice of strings
// (NavigableString and CData: no comments, doctypes, declarations, processing instructions, or
// text inside the containers). Stateless; any thread.
#include <string>

namespace framesmith {

class HtmlText {
public:
    // Throws InvalidRequestError where the reference raises (a "<![" marked section html.parser
    // cannot read: bs4's ParserRejectedMarkup).
    static std::u32string text(const std::u32string& markup);
};

} // namespace framesmith
