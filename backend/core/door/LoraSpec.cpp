#include "framesmith/LoraSpec.h"

#include "framesmith/Error.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace framesmith {

namespace {

// The whole of `text` as a finite number, else nullopt-like false.
bool parseNumber(const std::string& text, double& out)
{
    if (text.empty())
        return false;
    char* end = nullptr;
    errno = 0;
    const double value = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size() || errno == ERANGE || !std::isfinite(value))
        return false;
    out = value;
    return true;
}

} // namespace

void requireValidLora(const LoraSpec& lora, const std::string& field)
{
    if (lora.file.empty())
        throw InvalidRequestError(field, "names no LoRA file");
    if (!(lora.strength >= LoraSpec::kMinStrength && lora.strength <= LoraSpec::kMaxStrength))
        throw InvalidRequestError(field, lora.file + ": strength " + std::to_string(lora.strength) +
                                             " is outside -2..2");
    if (!lora.expert.empty() && lora.expert != "high" && lora.expert != "low")
        throw InvalidRequestError(field, lora.file + ": expert '" + lora.expert + "' is not high or low");
}

LoraSpec parseLoraArgument(const std::string& text)
{
    LoraSpec lora;
    std::string rest = text;
    for (const char* expert : {"high", "low"}) {
        const std::string suffix = std::string("@") + expert;
        if (rest.size() > suffix.size() && rest.compare(rest.size() - suffix.size(), suffix.size(), suffix) == 0) {
            lora.expert = expert;
            rest.erase(rest.size() - suffix.size());
            break;
        }
    }
    const std::size_t colon = rest.rfind(':');
    if (colon != std::string::npos && colon + 1 < rest.size()) {
        const std::string tail = rest.substr(colon + 1);
        double strength = 0;
        if (parseNumber(tail, strength)) {
            lora.strength = strength;
            rest.erase(colon);
        } else if (tail.find_first_of("/\\") == std::string::npos && tail.find('.') == std::string::npos) {
            // "style.safetensors:strong" — a strength that is not a number, not a path.
            throw InvalidRequestError("--lora", "'" + text + "': the strength after ':' must be a number in -2..2");
        }
    }
    lora.file = rest;
    requireValidLora(lora, "--lora");
    return lora;
}

} // namespace framesmith
