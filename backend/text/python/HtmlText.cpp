#include "models/opensora/text/OpenSoraHtmlText.h"

#include "models/opensora/text/OpenSoraHtmlParser.h"
#include "models/opensora/text/OpenSoraHtmlSoup.h"

namespace framesmith {

std::u32string OpenSoraHtmlText::text(const std::u32string& markup)
{
    // HTMLParserTreeBuilder.feed: parser.feed(markup); parser.close(); then BeautifulSoup._feed's endData.
    OpenSoraHtmlSoup soup;
    OpenSoraHtmlParser parser(soup);
    parser.feed(markup);
    parser.close();
    return soup.finish();
}

} // namespace framesmith
