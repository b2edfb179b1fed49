#include "core/ConfigReader.h"

#include <cmath>

namespace framesmith {

namespace {

std::string bound(double b)
{
    return std::floor(b) == b && std::fabs(b) < 9e15 ? std::to_string(static_cast<std::int64_t>(b)) : std::to_string(b);
}

std::int64_t asInteger(const nlohmann::json& v)
{
    return v.is_number_integer() ? v.get<std::int64_t>() : static_cast<std::int64_t>(v.get<double>());
}

} // namespace

ConfigReader::ConfigReader(const nlohmann::json& object, std::string source, std::string prefix,
                           WholeFloats wholeFloats)
    : m_object(object), m_source(std::move(source)), m_prefix(std::move(prefix)), m_wholeFloats(wholeFloats)
{
    if (!m_object.is_object())
        throw FileError(ErrorCode::BadFile, m_source, (m_prefix.empty() ? std::string("the config") : m_prefix)
                                                          + " is not a JSON object");
}

void ConfigReader::fail(const std::string& key, const std::string& problem) const
{
    throw FileError(ErrorCode::BadFile, m_source, "config key '" + m_prefix + key + "' " + problem);
}

const nlohmann::json* ConfigReader::find(const char* key) const
{
    auto it = m_object.find(key);
    return it == m_object.end() || it->is_null() ? nullptr : &*it;
}

bool ConfigReader::has(const char* key) const
{
    return find(key) != nullptr;
}

bool ConfigReader::isInteger(const nlohmann::json& v) const
{
    if (v.is_number_integer())
        return true;
    return m_wholeFloats == WholeFloats::Accepted && v.is_number_float() && std::isfinite(v.get<double>())
        && std::floor(v.get<double>()) == v.get<double>() && std::fabs(v.get<double>()) < 9e15;
}

void ConfigReader::requireRange(const std::string& key, const nlohmann::json& written, bool isBelow, bool isAbove,
                                double low, double high) const
{
    if (isBelow)
        fail(key, "is " + written.dump() + ", below the minimum " + bound(low));
    if (isAbove)
        fail(key, "is " + written.dump() + ", above the limit " + bound(high)
                      + " (no real model comes near it; the file is corrupt or hostile)");
}

bool ConfigReader::readInteger(const char* key, std::int64_t& out, std::int64_t low, std::int64_t high) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return false;
    if (v->is_number_unsigned() && v->get<std::uint64_t>() > static_cast<std::uint64_t>(high))
        requireRange(key, *v, false, true, double(low), double(high));
    if (!isInteger(*v))
        fail(key, "must be an integer, got " + v->dump());
    const std::int64_t value = asInteger(*v);
    requireRange(key, *v, value < low, value > high, double(low), double(high));
    out = value;
    return true;
}

void ConfigReader::integers(const char* key, std::vector<std::int64_t>& out, std::int64_t low, std::int64_t high,
                            std::size_t minCount, std::size_t maxCount) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_array() || v->size() < minCount || v->size() > maxCount)
        fail(key, "must list " + std::to_string(minCount) + " to " + std::to_string(maxCount) + " integers, got "
                      + v->dump());
    std::vector<std::int64_t> values;
    for (const auto& item : *v) {
        const std::string element = std::string(key) + "[" + std::to_string(values.size()) + "]";
        if (!isInteger(item))
            fail(element, "must be an integer, got " + item.dump());
        const std::int64_t value = asInteger(item);
        requireRange(element, item, value < low, value > high, double(low), double(high));
        values.push_back(value);
    }
    out = values;
}

void ConfigReader::number(const char* key, double& out, double low, double high) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_number())
        fail(key, "must be a number, got " + v->dump());
    const double value = v->get<double>();
    if (!std::isfinite(value))
        fail(key, "is not finite");
    requireRange(key, *v, value < low, value > high, low, high);
    out = value;
}

void ConfigReader::numbers(const char* key, std::vector<double>& out, std::size_t minCount, std::size_t maxCount) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    std::vector<double> values;
    if (v->is_number()) {
        values.push_back(v->get<double>());
    } else if (v->is_array() && v->size() >= minCount && v->size() <= maxCount) {
        for (const auto& item : *v) {
            if (!item.is_number())
                fail(key, "must list numbers, got " + item.dump());
            values.push_back(item.get<double>());
        }
    } else {
        fail(key, "must be a number or a list of " + std::to_string(minCount) + " to " + std::to_string(maxCount)
                      + " numbers");
    }
    for (double value : values)
        if (!std::isfinite(value))
            fail(key, "must hold finite numbers");
    out = values;
}

void ConfigReader::flag(const char* key, bool& out) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_boolean())
        fail(key, "must be true or false, got " + v->dump());
    out = v->get<bool>();
}

void ConfigReader::flags(const char* key, std::vector<bool>& out, std::size_t maxCount) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_array() || v->size() > maxCount)
        fail(key, "must list at most " + std::to_string(maxCount) + " booleans");
    std::vector<bool> values;
    for (const auto& item : *v) {
        // Python configs may write 0/1 for False/True; the reference only tests truthiness.
        if (item.is_boolean())
            values.push_back(item.get<bool>());
        else if (item.is_number_integer() || (item.is_number_float() && isInteger(item)))
            values.push_back(asInteger(item) != 0);
        else
            fail(key, "must list booleans, got " + item.dump());
    }
    out = values;
}

void ConfigReader::text(const char* key, std::string& out) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_string())
        fail(key, "must be a string, got " + v->dump());
    out = v->get<std::string>();
}

} // namespace framesmith
