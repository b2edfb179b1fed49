#include "models/opensora/text/OpenSoraPromptSyntax.h"

#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraCaptionCleaner.h"

#include <vector>

namespace framesmith {

namespace {

std::vector<std::string> splitOn(const std::string& text, char separator)
{
    std::vector<std::string> parts{""};
    for (char c : text) {
        if (c == separator)
            parts.emplace_back();
        else
            parts.back() += c;
    }
    return parts;
}

std::string stripped(const std::string& s) // Python str.strip() for ASCII whitespace
{
    const char* space = " \t\n\r\f\v";
    const std::size_t begin = s.find_first_not_of(space);
    return begin == std::string::npos ? "" : s.substr(begin, s.find_last_not_of(space) - begin + 1);
}

} // namespace

std::string OpenSoraPromptSyntax::loopText(const std::string& raw)
{
    if (raw.find('{') != std::string::npos)
        throw InvalidRequestError("prompt", "Open-Sora reads the text from the first '{' on as conditioning options "
                                            "(reference_path, mask_strategy), which this build does not run: remove it");
    if (raw.rfind("|0|", 0) != 0)
        return raw;
    // "|0| a |1| b": loop 0's text is the first segment, stripped.
    const std::vector<std::string> parts = splitOn(raw, '|');
    for (std::size_t i = 1; i < parts.size(); i += 2)
        if (stripped(parts[i]).empty() || stripped(parts[i]).find_first_not_of("0123456789") != std::string::npos ||
            i + 1 >= parts.size())
            throw InvalidRequestError("prompt", "a loop prompt alternates |index| and text (\"|0| a cat |1| a dog\")");
    return stripped(parts[2]);
}

std::string OpenSoraPromptSyntax::prepare(const std::string& raw, std::optional<double> aestheticScore,
                                          std::optional<double> flowScore, const CancelToken* cancel)
{
    // As OpenSoraTextEncoder::preparePrompt, with the cancel checked while cleaning.
    const std::string scored = OpenSoraCaptionCleaner::appendScores(loopText(raw), aestheticScore, flowScore);
    return OpenSoraCaptionCleaner::textPreprocessing(scored, cancel);
}

} // namespace framesmith
