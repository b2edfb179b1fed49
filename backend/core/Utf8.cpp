#include "core/Utf8.h"

namespace framesmith {

namespace {

// Length of the sequence starting with `lead` and the allowed range of its second byte; 0 for a
// byte that cannot start one.
int sequenceLength(unsigned char lead, unsigned char& low, unsigned char& high)
{
    low = 0x80;
    high = 0xBF;
    if (lead < 0x80)
        return 1;
    if (lead >= 0xC2 && lead <= 0xDF)
        return 2;
    if (lead >= 0xE0 && lead <= 0xEF) {
        if (lead == 0xE0)
            low = 0xA0; // overlong below U+0800
        if (lead == 0xED)
            high = 0x9F; // UTF-16 surrogates
        return 3;
    }
    if (lead >= 0xF0 && lead <= 0xF4) {
        if (lead == 0xF0)
            low = 0x90; // overlong below U+10000
        if (lead == 0xF4)
            high = 0x8F; // above U+10FFFF
        return 4;
    }
    return 0;
}

} // namespace

bool Utf8::isValid(const std::string& text, std::size_t* badOffset)
{
    const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t size = text.size();
    for (std::size_t i = 0; i < size;) {
        unsigned char low = 0, high = 0;
        const int length = sequenceLength(bytes[i], low, high);
        bool ok = length > 0 && i + length <= size;
        for (int k = 1; ok && k < length; ++k) {
            const unsigned char c = bytes[i + k];
            ok = k == 1 ? (c >= low && c <= high) : (c >= 0x80 && c <= 0xBF);
        }
        if (!ok) {
            if (badOffset)
                *badOffset = i;
            return false;
        }
        i += length;
    }
    return true;
}

} // namespace framesmith
