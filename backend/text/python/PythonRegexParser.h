#pragma once
// Parses the re syntax PythonRegex supports (see PythonRegex.h) into its node tree;
// unsupported syntax is an Error naming the pattern and the position. Internal; any thread.
#include "text/python/PythonRegexNode.h"

#include <memory>
#include <string>

namespace framesmith {

class PythonRegexParser {
public:
    // groups receives the number of capturing groups.
    static std::unique_ptr<PythonRegex::Node> parse(const std::u32string& pattern, bool isVerbose,
                                                    PythonRegex::Flavor flavor, std::size_t& groups);
};

} // namespace framesmith
