#include "ui/memory/VramHeadroom.h"

#include "ui/presets/PresetLibrary.h"

#include <QString>

framesmith::GenerationRequest VramHeadroom::applied(const framesmith::GenerationRequest& request, int headroomMb)
{
    if (headroomMb <= 0)
        return request;
    std::optional<framesmith::MemoryPreset> preset = request.resolvedPreset;
    if (!preset)
        preset = PresetLibrary::load(QString::fromStdString(request.preset));
    if (!preset || preset->vramHeadroomMb >= headroomMb)
        return request;
    framesmith::GenerationRequest raised = request;
    preset->vramHeadroomMb = headroomMb;
    raised.resolvedPreset = preset;
    return raised;
}
