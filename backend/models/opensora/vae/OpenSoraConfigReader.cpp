#include "models/opensora/vae/OpenSoraConfigReader.h"

#include "framesmith/Error.h"

#include <cmath>

namespace framesmith {

OpenSoraConfigReader::OpenSoraConfigReader(const nlohmann::json& object, std::string source, std::string prefix)
    : m_object(object), m_source(std::move(source)), m_prefix(std::move(prefix))
{
    if (!m_object.is_object())
        throw FileError(ErrorCode::BadFile, m_source, (m_prefix.empty() ? std::string("the config") : m_prefix)
                                                          + " is not a JSON object");
}

void OpenSoraConfigReader::fail(const std::string& key, const std::string& problem) const
{
    throw FileError(ErrorCode::BadFile, m_source, "config key '" + m_prefix + key + "' " + problem);
}

const nlohmann::json* OpenSoraConfigReader::find(const char* key) const
{
    auto it = m_object.find(key);
    return it == m_object.end() || it->is_null() ? nullptr : &*it;
}

bool OpenSoraConfigReader::has(const char* key) const
{
    return find(key) != nullptr;
}

namespace {

bool isInteger(const nlohmann::json& v)
{
    // JSON writers (Python json) may spell whole numbers as 4.0; accept those, refuse 4.5.
    return v.is_number_integer() || (v.is_number_float() && std::isfinite(v.get<double>())
                                     && std::floor(v.get<double>()) == v.get<double>()
                                     && std::fabs(v.get<double>()) < 9e15);
}

std::int64_t asInteger(const nlohmann::json& v)
{
    return v.is_number_integer() ? v.get<std::int64_t>() : static_cast<std::int64_t>(v.get<double>());
}

} // namespace

void OpenSoraConfigReader::integer(const char* key, std::int64_t& out, std::int64_t low, std::int64_t high) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!isInteger(*v))
        fail(key, "must be an integer");
    const std::int64_t value = asInteger(*v);
    if (value < low || value > high)
        fail(key, "is " + std::to_string(value) + ", outside [" + std::to_string(low) + ", " + std::to_string(high) + "]");
    out = value;
}

void OpenSoraConfigReader::integers(const char* key, std::vector<std::int64_t>& out, std::int64_t low,
                                    std::int64_t high, std::size_t minCount, std::size_t maxCount) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_array() || v->size() < minCount || v->size() > maxCount)
        fail(key, "must list " + std::to_string(minCount) + " to " + std::to_string(maxCount) + " integers");
    std::vector<std::int64_t> values;
    for (const auto& item : *v) {
        if (!isInteger(item))
            fail(key, "must list integers");
        const std::int64_t value = asInteger(item);
        if (value < low || value > high)
            fail(key, "holds " + std::to_string(value) + ", outside [" + std::to_string(low) + ", "
                          + std::to_string(high) + "]");
        values.push_back(value);
    }
    out = values;
}

void OpenSoraConfigReader::number(const char* key, double& out, double low, double high) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_number() || !std::isfinite(v->get<double>()))
        fail(key, "must be a finite number");
    const double value = v->get<double>();
    if (value < low || value > high)
        fail(key, "is " + std::to_string(value) + ", outside [" + std::to_string(low) + ", " + std::to_string(high) + "]");
    out = value;
}

void OpenSoraConfigReader::numbers(const char* key, std::vector<double>& out, std::size_t minCount,
                                   std::size_t maxCount) const
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
                fail(key, "must list numbers");
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

void OpenSoraConfigReader::flag(const char* key, bool& out) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_boolean())
        fail(key, "must be true or false");
    out = v->get<bool>();
}

void OpenSoraConfigReader::flags(const char* key, std::vector<bool>& out, std::size_t maxCount) const
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
        else if (isInteger(item))
            values.push_back(asInteger(item) != 0);
        else
            fail(key, "must list booleans");
    }
    out = values;
}

void OpenSoraConfigReader::text(const char* key, std::string& out) const
{
    const nlohmann::json* v = find(key);
    if (!v)
        return;
    if (!v->is_string())
        fail(key, "must be a string");
    out = v->get<std::string>();
}

} // namespace framesmith
