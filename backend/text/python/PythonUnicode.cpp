#include "text/python/PythonUnicode.h"

#include "text/python/PythonTextTables.h"

#include <algorithm>

namespace framesmith {

namespace t = python::tables;

bool PythonUnicode::isWord(char32_t c)
{
    return t::inRanges(t::wordRanges(), c);
}

bool PythonUnicode::isDigit(char32_t c)
{
    return t::inRanges(t::digitRanges(), c);
}

bool PythonUnicode::isSpace(char32_t c)
{
    return t::inRanges(t::spaceRanges(), c);
}

namespace {

constexpr char32_t kCapitalSigma = 0x3A3, kSmallSigma = 0x3C3, kFinalSigma = 0x3C2;

bool isCaseIgnorable(char32_t c)
{
    return t::inRanges(t::caseIgnorableRanges(), c);
}

bool isCased(char32_t c)
{
    return t::inRanges(t::casedRanges(), c);
}

// CPython handle_capital_sigma: final when a cased letter precedes (case-ignorable ones skipped)
// and none follows.
bool isFinalSigma(const std::u32string& text, std::size_t i)
{
    std::size_t j = i;
    while (j > 0 && isCaseIgnorable(text[j - 1]))
        --j;
    if (j == 0 || !isCased(text[j - 1]))
        return false;
    std::size_t k = i + 1;
    while (k < text.size() && isCaseIgnorable(text[k]))
        ++k;
    return k == text.size() || !isCased(text[k]);
}

// Hangul syllable arithmetic (Unicode 3.12).
constexpr char32_t kSBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11A7;
constexpr char32_t kLCount = 19, kVCount = 21, kTCount = 28, kNCount = kVCount * kTCount, kSCount = kLCount * kNCount;

void decompose(char32_t c, std::u32string& out)
{
    if (c >= kSBase && c < kSBase + kSCount) {
        const char32_t s = c - kSBase;
        out.push_back(kLBase + s / kNCount);
        out.push_back(kVBase + (s % kNCount) / kTCount);
        if (s % kTCount != 0)
            out.push_back(kTBase + s % kTCount);
        return;
    }
    if (const t::CaseMapping* m = t::findMapping(t::decompositions(), c)) {
        out.append(m->to, t::mappingLength(*m));
        return;
    }
    out.push_back(c);
}

char32_t compose(char32_t first, char32_t second)
{
    if (first >= kLBase && first < kLBase + kLCount && second >= kVBase && second < kVBase + kVCount)
        return kSBase + ((first - kLBase) * kVCount + (second - kVBase)) * kTCount;
    if (first >= kSBase && first < kSBase + kSCount && (first - kSBase) % kTCount == 0 && second > kTBase
        && second < kTBase + kTCount)
        return first + (second - kTBase);
    const auto table = t::compositions();
    auto it = std::lower_bound(table.begin(), table.end(), std::make_pair(first, second),
                               [](const t::Composition& e, const std::pair<char32_t, char32_t>& key) {
                                   return std::make_pair(e.first, e.second) < key;
                               });
    return it != table.end() && it->first == first && it->second == second ? it->composite : 0;
}

} // namespace

int PythonUnicode::combiningClass(char32_t c)
{
    const auto table = t::combiningClasses();
    auto it = std::lower_bound(table.begin(), table.end(), c,
                               [](const t::CombiningClass& e, char32_t value) { return e.code < value; });
    return it != table.end() && it->code == c ? it->value : 0;
}

std::u32string PythonUnicode::lower(const std::u32string& text)
{
    std::u32string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char32_t c = text[i];
        if (c == kCapitalSigma) {
            out.push_back(isFinalSigma(text, i) ? kFinalSigma : kSmallSigma);
        } else if (const t::CaseMapping* m = t::findMapping(t::lowerMappings(), c)) {
            out.append(m->to, t::mappingLength(*m));
        } else {
            out.push_back(c);
        }
    }
    return out;
}

std::u32string PythonUnicode::strip(const std::u32string& text)
{
    std::size_t begin = 0, end = text.size();
    while (begin < end && isSpace(text[begin]))
        ++begin;
    while (end > begin && isSpace(text[end - 1]))
        --end;
    return text.substr(begin, end - begin);
}

std::u32string PythonUnicode::nfc(const std::u32string& text)
{
    // Full canonical decomposition, canonical ordering of combining marks, then composition.
    std::u32string d;
    d.reserve(text.size());
    for (char32_t c : text)
        decompose(c, d);
    for (std::size_t i = 1; i < d.size(); ++i) {
        const int cc = combiningClass(d[i]);
        for (std::size_t j = i; cc != 0 && j > 0 && combiningClass(d[j - 1]) > cc; --j)
            std::swap(d[j], d[j - 1]);
    }
    std::u32string out;
    out.reserve(d.size());
    bool hasStarter = false;
    std::size_t starter = 0; // index in out of the last starter
    for (char32_t c : d) {
        const int cc = combiningClass(c);
        if (hasStarter) {
            // c is blocked from the starter by anything between them of class 0 or >= its own.
            const bool isAdjacent = starter + 1 == out.size();
            const int previous = isAdjacent ? 0 : combiningClass(out.back());
            if (isAdjacent || (previous != 0 && previous < cc)) {
                if (const char32_t composite = compose(out[starter], c)) {
                    out[starter] = composite;
                    continue;
                }
            }
        }
        if (cc == 0) {
            hasStarter = true;
            starter = out.size();
        }
        out.push_back(c);
    }
    return out;
}

std::u32string PythonUnicode::fromUtf8(const std::string& text)
{
    std::u32string out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::size_t i = 0;
    while (i < n) {
        const unsigned char lead = s[i];
        if (lead < 0x80) {
            out.push_back(lead);
            ++i;
            continue;
        }
        std::size_t need = 0;
        unsigned char low = 0x80, high = 0xBF;
        char32_t value = 0;
        if (lead >= 0xC2 && lead <= 0xDF) {
            need = 1, value = lead & 0x1F;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            need = 2, value = lead & 0x0F;
            low = lead == 0xE0 ? 0xA0 : 0x80, high = lead == 0xED ? 0x9F : 0xBF;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            need = 3, value = lead & 0x07;
            low = lead == 0xF0 ? 0x90 : 0x80, high = lead == 0xF4 ? 0x8F : 0xBF;
        } else {
            out.push_back(0xFFFD); // not a lead byte
            ++i;
            continue;
        }
        // The maximal subpart: the lead and every continuation byte that still fits.
        std::size_t k = 1;
        for (; k <= need && i + k < n; ++k) {
            const unsigned char b = s[i + k];
            if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF))
                break;
            value = (value << 6) | (b & 0x3F);
        }
        if (k == need + 1) {
            out.push_back(value);
            i += k;
        } else {
            out.push_back(0xFFFD);
            i += k;
        }
    }
    return out;
}

std::string PythonUnicode::toUtf8(const std::u32string& text)
{
    std::string out;
    out.reserve(text.size());
    for (char32_t c : text) {
        if (c > 0x10FFFF || (c >= 0xD800 && c < 0xE000))
            c = 0xFFFD; // not representable in UTF-8
        if (c < 0x80) {
            out.push_back(static_cast<char>(c));
        } else if (c < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (c >> 6)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (c >> 12)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (c >> 18)));
            out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
        }
    }
    return out;
}

} // namespace framesmith
