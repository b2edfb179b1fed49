#include "framesmith/Stage.h"

namespace framesmith {

const char* stageName(Stage stage)
{
    switch (stage) {
    case Stage::Invalid: return "invalid";
    case Stage::Loading: return "loading";
    case Stage::TextEncoding: return "text-encode";
    case Stage::Denoising: return "denoise";
    case Stage::VaeDecoding: return "vae-decode";
    case Stage::Exporting: return "export";
    }
    return "invalid";
}

Stage stageFromName(const std::string& name)
{
    for (Stage s : {Stage::Loading, Stage::TextEncoding, Stage::Denoising, Stage::VaeDecoding, Stage::Exporting})
        if (name == stageName(s))
            return s;
    return Stage::Invalid;
}

} // namespace framesmith
