#include "models/opensora/conditioning/OpenSoraMaskStrategy.h"

#include "framesmith/Error.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace framesmith {

namespace {

std::vector<std::string> split(const std::string& text, char separator)
{
    std::vector<std::string> parts;
    std::string part;
    std::istringstream in(text);
    while (std::getline(in, part, separator))
        parts.push_back(part);
    if (!text.empty() && text.back() == separator)
        parts.emplace_back(); // "a;" has an empty last entry, as str.split gives
    return parts;
}

std::string trimmed(const std::string& s)
{
    const auto first = s.find_first_not_of(" \t");
    return first == std::string::npos ? std::string() : s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

[[noreturn]] void refuse(const std::string& entry, const std::string& why)
{
    throw InvalidRequestError("conditioning", "mask strategy entry \"" + entry + "\": " + why +
                                                  " (expected loop,reference,reference_start,target_start,length,"
                                                  "edit_ratio, e.g. \"0,0,0,0,1,0\")");
}

int integerField(const std::string& entry, const std::string& text, const char* name)
{
    const std::string t = trimmed(text);
    char* end = nullptr;
    const long value = t.empty() ? 0 : std::strtol(t.c_str(), &end, 10);
    if (t.empty() || *end != '\0' || value < -100000 || value > 100000)
        refuse(entry, std::string(name) + " \"" + text + "\" is not an integer from -100000 to 100000");
    return static_cast<int>(value);
}

OpenSoraMaskEntry parseEntry(const std::string& entry)
{
    const std::vector<std::string> fields = split(entry, ',');
    if (fields.empty() || fields.size() > 6)
        refuse(entry, "has " + std::to_string(fields.size()) + " fields, 1 to 6 are allowed");
    OpenSoraMaskEntry e; // MASK_DEFAULT = 0, 0, 0, 0, 1, 0
    static const char* const names[] = {"loop", "reference", "reference_start", "target_start", "length"};
    int* const targets[] = {&e.loop, &e.reference, &e.referenceStart, &e.targetStart, &e.length};
    for (std::size_t i = 0; i < fields.size() && i < 5; ++i)
        *targets[i] = integerField(entry, fields[i], names[i]);
    if (fields.size() == 6) {
        const std::string t = trimmed(fields[5]);
        char* end = nullptr;
        e.editRatio = t.empty() ? NAN : std::strtod(t.c_str(), &end);
        if (t.empty() || *end != '\0' || !(e.editRatio >= 0.0 && e.editRatio <= 1.0))
            refuse(entry, "edit_ratio \"" + fields[5] + "\" is not a number from 0 to 1");
    }
    if (e.loop != 0)
        refuse(entry, "loop " + std::to_string(e.loop) + ": Framesmith generates one loop, use loop 0");
    if (e.reference < 0)
        refuse(entry, "the reference index must not be negative");
    if (e.length < 1)
        refuse(entry, "the length must be at least 1 latent frame");
    return e;
}

} // namespace

OpenSoraMaskStrategy OpenSoraMaskStrategy::parse(const std::string& text)
{
    OpenSoraMaskStrategy strategy;
    if (text.empty())
        return strategy;
    for (const std::string& entry : split(text, ';')) {
        const std::string t = trimmed(entry);
        if (t.rfind("align=", 0) == 0) {
            const int align = integerField(entry, t.substr(6), "align");
            if (align < 1 || strategy.align)
                refuse(entry, "align must be given once, as a positive number of latent frames");
            strategy.align = align;
            continue;
        }
        strategy.entries.push_back(parseEntry(entry));
    }
    if (strategy.entries.empty())
        throw InvalidRequestError("conditioning", "the mask strategy \"" + text + "\" places no reference");
    return strategy;
}

std::int64_t OpenSoraMaskStrategy::nearestPoint(std::int64_t value, std::int64_t point, std::int64_t maxValue)
{
    // Python's // and % (floor division); values here are not negative.
    std::int64_t t = value / point;
    if (static_cast<double>(value % point) > point / 2.0 && t < maxValue / point - 1)
        t += 1;
    return t * point;
}

OpenSoraMaskPlacement OpenSoraMaskStrategy::place(const OpenSoraMaskEntry& e, std::int64_t latentFrames,
                                                  std::int64_t referenceFrames) const
{
    OpenSoraMaskPlacement p;
    p.referenceStart = e.referenceStart < 0 ? referenceFrames + e.referenceStart : e.referenceStart;
    p.targetStart = e.targetStart < 0 ? latentFrames + e.targetStart : e.targetStart;
    const std::string where = "reference " + std::to_string(e.reference) + " (" + std::to_string(referenceFrames) +
                              " latent frames) at clip frame " + std::to_string(e.targetStart) + " (the clip has " +
                              std::to_string(latentFrames) + " latent frames)";
    if (p.referenceStart < 0 || p.referenceStart >= referenceFrames)
        throw InvalidRequestError("conditioning", "mask strategy: reference_start " + std::to_string(e.referenceStart) +
                                                      " is outside " + where);
    if (p.targetStart < 0 || p.targetStart >= latentFrames)
        throw InvalidRequestError("conditioning", "mask strategy: target_start " + std::to_string(e.targetStart) +
                                                      " is outside the clip for " + where);
    if (align) {
        p.referenceStart = nearestPoint(p.referenceStart, *align, referenceFrames);
        p.targetStart = nearestPoint(p.targetStart, *align, latentFrames);
    }
    p.length = std::min<std::int64_t>({e.length, latentFrames - p.targetStart, referenceFrames - p.referenceStart});
    if (p.length < 1)
        throw InvalidRequestError("conditioning", "mask strategy: nothing of " + where + " fits after align=" +
                                                      std::to_string(align.value_or(1)));
    return p;
}

} // namespace framesmith
