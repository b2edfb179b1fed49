#include "CaptionCleanerFuzzTarget.h"

#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraCaptionCleaner.h"

#include <cmath>
#include <iterator>

namespace framesmith::fuzz {

namespace {

// The shapes the probes found slow or fatal, and the fragments every cleaning rule looks for.
const char* const kFragments[] = {
    "a.", "a", ".", " ", "  ", "\t", "\n", "-", "_", ":", ";", ",", "/", "\\", "'", "\"", "`", "<", ">", "=", "&", "#",
    "%", "@", "!", "?", "(", ")", "[", "]", "{", "}", "*", "~", "|", "+", "0", "1", "12", "9.", "<!--", "-->", "<a ",
    "<a", "</a", "<b>", "</b>", "<p x='1'>", "<p x=\"", "<script>", "</script>", "<style>", "<?", "<!x", "<![cdata[",
    "]]>", "<!doctype", "&amp;", "&amp", "&lt;", "&#39;", "&#x41;", "&#", "&nbsp", "&quot", "www.", "www.a.co/",
    "http://", "https://x.", ".com", ".ru", ".co/", "@user", "%20", "%41", "%e4%b8%80", "jc6640", "6640vc", "a1b2",
    "page 12", ".png", "image", "free shipping", "download", "click for x", "192.168.1.1", "12:30 ", "#123",
    "123456", "1920x1080", "\xc3\xa9", "\xc3\x83\xc2\xa9", "\xe2\x80\x94", "\xe4\xb8\x80", "\xe3\x82\xa2",
    "\xef\xbc\xa1", "\xe2\x80\x9c", "\xc2\xab", "\xef\xac\x81", "\xc2\xa0", "\xe3\x80\x80", "\xf0\x9f\x98\x80",
    "\xc3\xa2\xe2\x82\xac\xe2\x84\xa2", "\xe2\x80\xa2", "\xc2\xae", "\\n", "|0| ", "worldwide ", "free "};

} // namespace

void runCaptionInput(const std::uint8_t* data, std::size_t size)
{
    try {
        OpenSoraCaptionCleaner::textPreprocessing(std::string(reinterpret_cast<const char*>(data), size));
    } catch (const Error&) {
    }
}

std::size_t CaptionInputGenerator::length()
{
    // Mostly short prompts (what users type), one in a hundred up to the cap: log-uniform there.
    if (m_random() % 100 != 0)
        return 1 + m_random() % 120;
    const double exponent = std::uniform_real_distribution<double>(0.0, std::log(double(kMaxCharacters)))(m_random);
    return static_cast<std::size_t>(std::exp(exponent));
}

const char* CaptionInputGenerator::fragment()
{
    return kFragments[m_random() % std::size(kFragments)];
}

std::string CaptionInputGenerator::next(std::string* shape)
{
    const std::size_t bytes = length();
    std::string text;
    if (m_random() % 2 == 0) { // a repeat of one to three fragments: the quadratic shapes
        std::string unit;
        for (std::size_t parts = 1 + m_random() % 3; parts > 0; --parts)
            unit += fragment();
        while (text.size() < bytes)
            text += unit;
        if (shape)
            *shape = "repeat '" + unit + "' to " + std::to_string(text.size()) + " bytes";
    } else {
        while (text.size() < bytes)
            text += fragment();
        if (shape)
            *shape = "mix of " + std::to_string(text.size()) + " bytes";
    }
    return text;
}

} // namespace framesmith::fuzz
