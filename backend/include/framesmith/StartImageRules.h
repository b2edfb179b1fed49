#pragma once
// What a start image may be, so a front end refuses a too-large one when it is chosen (from its
// header) instead of after the model loaded. Larger than any start frame needs (8K UHD is 33 Mpx)
// and small enough to decode in well under a gigabyte. Pure constants; any thread.
#include <cstdint>

namespace framesmith {

constexpr std::int64_t kMaxStartImagePixels = 40'000'000;

} // namespace framesmith
