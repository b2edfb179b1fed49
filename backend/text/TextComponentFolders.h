#pragma once
// Where the text components of a diffusers model folder live. Commands and the pipeline accept
// either the whole model folder or the component folder itself.
#include <string>

namespace framesmith {

// DIR/tokenizer when it holds spiece.model, otherwise DIR.
std::string tokenizerFolderOf(const std::string& dir);
// DIR/text_encoder when it holds config.json, otherwise DIR.
std::string textEncoderFolderOf(const std::string& dir);

} // namespace framesmith
