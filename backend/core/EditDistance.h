#pragma once
// Levenshtein distance, ASCII-case-blind, and the nearest of a list of names: what a misspelt key,
// knob or flag is offered as ("did you mean ...?"). Pure; any thread.
#include <cstddef>
#include <string>
#include <vector>

namespace framesmith {

std::size_t editDistance(const std::string& a, const std::string& b);
// The closest of `names` when it is close enough to be a likely typo (distance at most 2 or a third
// of its length); "" otherwise.
std::string nearestName(const std::string& name, const std::vector<std::string>& names);

} // namespace framesmith
