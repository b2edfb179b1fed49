#pragma once
#include <string>

namespace framesmith::test {

std::string fixturesDir();                         // tests/fixtures
std::string cogvideoxFixture(const std::string& relative); // tests/fixtures/cogvideox/<relative>
std::string sourceDir();
std::string binaryDir();

} // namespace framesmith::test
