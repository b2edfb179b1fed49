#pragma once
// What an export records about its clip: container tags (prompt, seed, model, preset, version)
// and the JSON sidecar with the full request, so any clip can be regenerated.
#include "framesmith/ExportOptions.h"

#include <string>
#include <utility>
#include <vector>

namespace framesmith {

struct ExportSummary {
    std::string encoder;     // "libx264"
    int width = 0;           // as encoded
    int height = 0;
    int sourceWidth = 0;
    int sourceHeight = 0;
    int frameCount = 0;
    double fps = 0;
    int quality = -1;
    std::string sizeNote;    // "padded 97x63 to 98x64 by repeating the last column/row", or ""
};

using MetadataTags = std::vector<std::pair<std::string, std::string>>;

std::string appVersionOf(const ExportOptions& options);
MetadataTags exportMetadataTags(const ExportOptions& options);
std::string exportSidecarJson(const ExportOptions& options, const ExportSummary& summary);

} // namespace framesmith
