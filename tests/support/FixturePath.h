#pragma once
// A fixture's path as a QString, for tests that hand it to a process (framesmith-cli) or a widget:
// fixturePath("cogvideox/models/tiny-2b") is tests/fixtures/cogvideox/models/tiny-2b.
#include "support/TestPaths.h"

#include <QString>

namespace framesmith::test {

inline QString fixturePath(const std::string& relative)
{
    return QString::fromStdString(fixturesDir() + "/" + relative);
}

} // namespace framesmith::test
