#include "text/python/HtmlText.h"

#include "text/python/HtmlParser.h"
#include "text/python/HtmlSoup.h"

namespace framesmith {

std::u32string HtmlText::text(const std::u32string& markup)
{
    // HTMLParserTreeBuilder.feed: parser.feed(markup); parser.close(); then BeautifulSoup._feed's endData.
    HtmlSoup soup;
    HtmlParser parser(soup);
    parser.feed(markup);
    parser.close();
    return soup.finish();
}

} // namespace framesmith
