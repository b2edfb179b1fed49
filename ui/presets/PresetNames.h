#pragma once
// Whether a name can be a user preset's: it is the file name the engine and the CLI look the
// preset up by, so it is refused with a reason, never silently rewritten. GUI thread only.
#include <QString>

namespace PresetNames {
// Empty when `name` is usable; otherwise one translated sentence saying why not.
QString problem(const QString& name);
} // namespace PresetNames
