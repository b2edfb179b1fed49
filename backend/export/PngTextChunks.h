#pragma once
// Adds text chunks (tEXt for ASCII values, iTXt for UTF-8) to an encoded PNG so each frame of a PNG sequence carries the
// prompt, seed, model and version like the video containers do. Pure function, any thread.
#include "export/ExportMetadata.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace framesmith {

// `png` must start with the signature and IHDR (as every encoder writes); the chunks go right
// after IHDR. Throws Error(Internal) for data that is not a PNG.
std::vector<std::uint8_t> withPngTextChunks(const std::uint8_t* png, std::size_t size, const MetadataTags& tags);

} // namespace framesmith
