#include "core/EditDistance.h"

#include <algorithm>
#include <cctype>
#include <limits>

namespace framesmith {

std::size_t editDistance(const std::string& a, const std::string& b)
{
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
            const std::size_t next = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
            diagonal = row[j];
            row[j] = next;
        }
    }
    return row[b.size()];
}

std::string nearestName(const std::string& name, const std::vector<std::string>& names)
{
    std::string nearest;
    std::size_t best = std::numeric_limits<std::size_t>::max();
    for (const std::string& known : names)
        if (const std::size_t d = editDistance(name.substr(0, 64), known); d < best)
            best = d, nearest = known;
    return best <= std::max<std::size_t>(2, nearest.size() / 3) ? nearest : std::string();
}

} // namespace framesmith
