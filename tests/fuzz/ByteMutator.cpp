#include "ByteMutator.h"

#include <algorithm>

namespace framesmith::fuzz {

void ByteMutator::mutate(QByteArray& b)
{
    static const char interesting[] = {'\0', '\xff', '{', '}', '[', ']', '"', ',', ':', '-', '9', 'e', '\\', ' '};
    switch (rng_() % 7) {
    case 0: if (!b.isEmpty()) b[pick(b.size())] = char(b[pick(b.size())] ^ (1 << pick(8))); break;
    case 1: if (!b.isEmpty()) b[pick(b.size())] = interesting[pick(sizeof(interesting))]; break;
    case 2: b.insert(pick(b.size() + 1), interesting[pick(sizeof(interesting))]); break;
    case 3: if (!b.isEmpty()) b.remove(pick(b.size()), 1 + pick(8)); break;
    case 4: b.truncate(pick(b.size() + 1)); break;
    case 5: { // a new header length: small, near the file size, or huge
        const quint64 choices[] = {quint64(pick(b.size() + 16)), quint64(b.size()), ~0ull, 1ull << 40, 0};
        const quint64 n = choices[pick(5)];
        for (int i = 0; i < 8 && i < b.size(); ++i)
            b[i] = char((n >> (8 * i)) & 0xFF);
        break;
    }
    default: { // duplicate a span
        const int from = pick(b.size()), len = pick(std::min(32, int(b.size()) - from + 1));
        b.insert(pick(b.size() + 1), b.mid(from, len));
    }
    }
}

void ByteMutator::mutateSeveral(QByteArray& bytes)
{
    for (int edits = 1 + int(rng_() % 4); edits > 0; --edits)
        mutate(bytes);
}

} // namespace framesmith::fuzz
