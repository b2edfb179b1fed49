#pragma once
// Fuzz entry point for the model configs users download (issue 16): the first byte picks which
// component's parser reads the rest (CogVideoX transformer, VAE and scheduler, T5, STDiT3, the
// Open-Sora VAE repo, its 2-D and temporal parts, the CogVideoX variant check). A framesmith::Error
// is the expected refusal; what a parser accepts must give sizes the rest of the code can use (no
// zero divisor, no overflow, no negative size), which the entry point checks by computing them.
#include <cstddef>
#include <cstdint>

namespace framesmith::fuzz {

constexpr int kModelConfigKinds = 9;

// Returns 1 when the config was accepted, 0 when it was refused; traps on a broken invariant.
int runModelConfigInput(const std::uint8_t* data, std::size_t size);

} // namespace framesmith::fuzz
