#pragma once
// The one folder Framesmith keeps what it makes in, shared by the app and the CLI:
// $FRAMESMITH_DATA_DIR, else $XDG_DATA_HOME/Framesmith, else ~/.local/share/Framesmith. Inside it:
// demo-model/, clips/, history/, presets/ (the user's memory presets) and checkpoints/ (latents
// kept before decoding). Pure path arithmetic, nothing is created; any thread.
#include <string>

namespace framesmith {

std::string dataRoot();
std::string dataFolder(const std::string& name); // dataRoot()/name, e.g. "presets"
// Where releases before the one data root kept presets and checkpoints (to adopt them once).
std::string legacyPresetsFolder();

} // namespace framesmith
