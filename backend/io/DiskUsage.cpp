#include "io/DiskUsage.h"

#include <filesystem>
#include <set>
#include <sys/stat.h>
#include <utility>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

using Identity = std::pair<dev_t, ino_t>;

struct Walker {
    std::set<Identity> seen;
    std::uint64_t total = 0;

    void visit(const fs::path& path, int depth)
    {
        struct stat st {};
        if (depth > 64 || ::stat(path.c_str(), &st) != 0) // stat follows symlinks
            return;
        if (!seen.insert({st.st_dev, st.st_ino}).second)
            return;
        if (S_ISREG(st.st_mode)) {
            total += static_cast<std::uint64_t>(st.st_size);
            return;
        }
        if (!S_ISDIR(st.st_mode))
            return;
        std::error_code ec;
        for (fs::directory_iterator it(path, ec), end; !ec && it != end; it.increment(ec))
            visit(it->path(), depth + 1);
    }
};

} // namespace

std::uint64_t DiskUsage::bytes(const std::string& path)
{
    Walker walker;
    walker.visit(path, 0);
    return walker.total;
}

} // namespace framesmith
