#include "support/TestPaths.h"

namespace framesmith::test {

std::string fixturesDir() { return FRAMESMITH_FIXTURES_DIR; }
std::string cogvideoxFixture(const std::string& relative) { return fixturesDir() + "/cogvideox/" + relative; }
std::string sourceDir() { return FRAMESMITH_SOURCE_DIR; }
std::string binaryDir() { return FRAMESMITH_BINARY_DIR; }

} // namespace framesmith::test
