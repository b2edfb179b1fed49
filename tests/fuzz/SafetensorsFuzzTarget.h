#pragma once
// The entry point shared by the libFuzzer binary (fuzz_safetensors_header) and the CI smoke test
// (tst_SafetensorsFuzzSmoke): arbitrary bytes go through the safetensors header parser and tensor
// table, then through the config JSON path (JsonGuard + CogVideoXVariant).
#include <cstddef>
#include <cstdint>

namespace framesmith::fuzz {

// Returns how many of the two parsers accepted the bytes (0, 1 or 2). framesmith::Error is the
// expected rejection and is caught here; anything else escaping (std::logic_error for a broken
// invariant, a JSON library exception, a crash) is a bug.
int runSafetensorsInput(const std::uint8_t* data, std::size_t size);

} // namespace framesmith::fuzz
