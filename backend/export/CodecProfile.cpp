#include "export/CodecProfile.h"

#include "framesmith/Error.h"

extern "C" {
#include <libavcodec/avcodec.h>
}

namespace framesmith {

static std::vector<CodecProfile> makeProfiles()
{
    // MP4/MOV: moov atom first for streaming and quick previews; use_metadata_tags keeps the
    // framesmith_* keys (otherwise only iTunes-style tags survive).
    const OptionList mp4 = {{"movflags", "+faststart+use_metadata_tags"}};
    return {
        {ExportFormat::H264Mp4, "mp4", {{"libx264", {{"preset", "medium"}}, "crf"}}, "yuv420p", true, 18, 0, 51, "", mp4},
        {ExportFormat::H265Mp4, "mp4",
         {{"libx265", {{"preset", "medium"}, {"x265-params", "log-level=error"}}, "crf"}}, "yuv420p", true, 20, 0, 51,
         "hvc1", mp4},
        // Constant-quality VP9 needs bit_rate 0 (the writer leaves it 0); cpu-used 4 keeps
        // export time near H.264's.
        {ExportFormat::Vp9WebM, "webm",
         {{"libvpx-vp9", {{"deadline", "good"}, {"cpu-used", "4"}, {"row-mt", "1"}}, "crf"}}, "yuv420p", true, 31, 0,
         63, "", {}},
        {ExportFormat::Av1Mp4, "mp4",
         {{"libsvtav1", {{"preset", "8"}}, "crf"},
          {"libaom-av1", {{"cpu-used", "6"}, {"row-mt", "1"}, {"usage", "good"}}, "crf"}},
         "yuv420p", true, 30, 0, 63, "", mp4},
        // profile 2 = "standard" ProRes 422 (apcn), what editors mean by "ProRes 422".
        {ExportFormat::ProResMov, "mov", {{"prores_ks", {{"profile", "2"}, {"vendor", "apl0"}}, ""}}, "yuv422p10le",
         true, -1, 0, 0, "", {{"movflags", "+use_metadata_tags+write_colr"}}},
        {ExportFormat::Gif, "gif", {{"gif", {}, ""}}, "pal8", false, -1, 0, 0, "", {}},
        {ExportFormat::PngSequence, "", {{"png", {}, ""}}, "rgb24", false, -1, 0, 0, "", {}},
    };
}

const CodecProfile& codecProfile(ExportFormat format)
{
    static const std::vector<CodecProfile> profiles = makeProfiles();
    for (const auto& profile : profiles)
        if (profile.format == format)
            return profile;
    throw InvalidRequestError("format", "no export format was chosen");
}

const EncoderChoice* availableEncoder(const CodecProfile& profile)
{
    for (const auto& choice : profile.encoders)
        if (avcodec_find_encoder_by_name(choice.name.c_str()))
            return &choice;
    return nullptr;
}

} // namespace framesmith
