#include "core/TerminalText.h"

#include "core/Utf8.h"

#include <cstdio>
#include <streambuf>

namespace framesmith {

namespace {

// The length a sequence starting with `lead` claims (1 for ASCII, 0 for a byte that starts none).
int claimedLength(unsigned char lead)
{
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF)
        return 3;
    if (lead >= 0xF0 && lead <= 0xF4)
        return 4;
    return 0;
}

void appendHex(std::string& out, unsigned int value, const char* format)
{
    char text[12];
    std::snprintf(text, sizeof text, format, value);
    out += text;
}

// How many bytes at the end of `text` start a UTF-8 sequence that more bytes could complete.
std::size_t incompleteTail(std::string_view text)
{
    for (std::size_t back = 1; back <= 3 && back <= text.size(); ++back) {
        const auto c = static_cast<unsigned char>(text[text.size() - back]);
        if ((c & 0xC0) == 0x80)
            continue; // a continuation byte: look further back for the lead
        const int length = claimedLength(c);
        return length > static_cast<int>(back) ? back : 0;
    }
    return 0;
}

// Escapes everything written to it into the stream buffer it replaced. Unbuffered: the escaping
// happens as text arrives; only an unfinished UTF-8 sequence (at most 3 bytes) waits.
class EscapingBuffer : public std::streambuf {
public:
    explicit EscapingBuffer(std::streambuf* target) : m_target(target) {}

protected:
    int_type overflow(int_type c) override
    {
        if (traits_type::eq_int_type(c, traits_type::eof()))
            return traits_type::not_eof(c);
        const char ch = traits_type::to_char_type(c);
        return write(&ch, 1) ? c : traits_type::eof();
    }

    std::streamsize xsputn(const char* s, std::streamsize n) override { return write(s, n) ? n : 0; }

    int sync() override { return m_target->pubsync(); }

private:
    bool write(const char* s, std::streamsize n)
    {
        m_pending.append(s, static_cast<std::size_t>(n));
        const std::size_t keep = incompleteTail(m_pending);
        const std::string out = TerminalText::escaped(std::string_view(m_pending).substr(0, m_pending.size() - keep));
        m_pending.erase(0, m_pending.size() - keep);
        return m_target->sputn(out.data(), static_cast<std::streamsize>(out.size())) ==
               static_cast<std::streamsize>(out.size());
    }

    std::streambuf* m_target;
    std::string m_pending;
};

} // namespace

std::string TerminalText::escaped(std::string_view text, bool keepLineBreaks)
{
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x20 || c == 0x7F) {
            if (c == '\t' || (c == '\n' && keepLineBreaks))
                out += static_cast<char>(c);
            else
                appendHex(out, c, "\\x%02X");
            ++i;
            continue;
        }
        const int length = claimedLength(c);
        if (length == 1) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        const std::string sequence(text.substr(i, static_cast<std::size_t>(length)));
        if (length == 0 || sequence.size() < static_cast<std::size_t>(length) || !Utf8::isValid(sequence)) {
            appendHex(out, c, "\\x%02X"); // not UTF-8: shown as the byte it is
            ++i;
            continue;
        }
        if (c == 0xC2 && static_cast<unsigned char>(sequence[1]) <= 0x9F) // U+0080..U+009F: C1 controls
            appendHex(out, static_cast<unsigned char>(sequence[1]), "\\u%04X");
        else
            out += sequence;
        i += static_cast<std::size_t>(length);
    }
    return out;
}

void TerminalText::guard(std::ostream& stream)
{
    // Never destroyed: std::cout is flushed after every static object is gone, and must still
    // find its buffer then (the stream keeps it reachable, so no leak checker reports it).
    stream.flush();
    stream.rdbuf(new EscapingBuffer(stream.rdbuf()));
}

} // namespace framesmith
