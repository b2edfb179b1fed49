#pragma once
// File > Export clip…: asks where and in which format (only formats this build can encode) and
// returns the export options, or nullopt when the user cancels. GUI thread only.
#include "framesmith/ExportOptions.h"

#include <QString>

#include <optional>

class QWidget;

namespace ExportChooser {
QString formatLabel(framesmith::ExportFormat format); // translated, e.g. "H.264 (MP4)"
std::optional<framesmith::ExportOptions> ask(QWidget* parent, const QString& suggestedPath);
} // namespace ExportChooser
