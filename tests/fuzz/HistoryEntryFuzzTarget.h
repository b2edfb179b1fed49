#pragma once
// Fuzz entry point for history entries (<data>/history/*.json, read by HistoryStore::fromJson,
// which promises to throw nothing). Qt side: links Qt6::Gui and ui/HistoryStore.cpp.
#include <cstddef>
#include <cstdint>

namespace framesmith::fuzz {

void runHistoryEntryInput(const std::uint8_t* data, std::size_t size);

} // namespace framesmith::fuzz
