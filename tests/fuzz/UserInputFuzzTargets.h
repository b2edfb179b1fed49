#pragma once
// Fuzz entry points for what users hand the app besides model weights: job files, presets, start
// images (and, Qt side, history entries: HistoryEntryFuzzTarget). Each takes arbitrary bytes; a
// framesmith::Error is the expected way to refuse them, anything else escaping is a finding.
// Used by the libFuzzer binaries (scripts/fuzz-user-inputs.sh) and the smoke test in every build.
#include <cstddef>
#include <cstdint>

namespace framesmith::fuzz {

void runJobFileInput(const std::uint8_t* data, std::size_t size);
void runPresetInput(const std::uint8_t* data, std::size_t size);
// Through the real reader (header check, FFmpeg decode, RGB conversion) from an in-memory file.
void runStartImageInput(const std::uint8_t* data, std::size_t size);

} // namespace framesmith::fuzz
