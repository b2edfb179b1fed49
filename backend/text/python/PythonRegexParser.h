#pragma once
// Parses the re syntax OpenSoraRegex supports (see OpenSoraRegex.h) into its node tree;
// unsupported syntax is an Error naming the pattern and the position. Internal; any thread.
#include "models/opensora/text/OpenSoraRegexNode.h"

#include <memory>
#include <string>

namespace framesmith {

class OpenSoraRegexParser {
public:
    // groups receives the number of capturing groups.
    static std::unique_ptr<OpenSoraRegex::Node> parse(const std::u32string& pattern, bool isVerbose, std::size_t& groups);
};

} // namespace framesmith
