// main() of a tests/ folder's runner (TestRegistry.h): runs the one case it is asked for.
#include "support/TestRegistry.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace {

std::string baseName(const char* path)
{
    const char* slash = std::strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int usage(const char* program)
{
    std::fprintf(stderr, "usage: %s TEST [Qt Test options]   (or run bin/TEST, a link to this program)\n"
                         "the tests in this program:\n", program);
    for (const auto& name : framesmith::test::TestRegistry::names())
        std::fprintf(stderr, "  %s\n", name.c_str());
    return 2;
}

} // namespace

int main(int argc, char* argv[])
{
    using framesmith::test::TestRegistry;
    // Called as bin/tst_X (a link): Qt Test sees exactly what the old per-test program saw.
    if (auto run = TestRegistry::find(baseName(argv[0])))
        return run(argc, argv);
    if (argc < 2)
        return usage(argv[0]);
    auto run = TestRegistry::find(argv[1]);
    if (!run)
        return usage(argv[0]);
    // The case's name becomes argv[0]: QCoreApplication names the application after it, and
    // QStandardPaths' test mode (~/.qttest/<name>) keeps two cases run side by side apart.
    return run(argc - 1, argv + 1);
}
