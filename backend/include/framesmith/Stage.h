#pragma once
#include <string>

namespace framesmith {

enum class Stage { Invalid, Loading, TextEncoding, Denoising, VaeDecoding, Exporting };

// Stable machine names, used in events, checkpoints, presets and FRAMESMITH_INJECT_OOM.
const char* stageName(Stage stage);   // "loading", "text-encode", "denoise", "vae-decode", "export"
Stage stageFromName(const std::string& name); // Stage::Invalid when unknown

} // namespace framesmith
