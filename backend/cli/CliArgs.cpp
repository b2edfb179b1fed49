#include "cli/CliArgs.h"

#include "framesmith/Error.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace framesmith::cli {

namespace {

bool isFlag(const std::string& a)
{
    return a.rfind("--", 0) == 0 && a.size() > 2;
}

} // namespace

CliArgs::CliArgs(const std::vector<std::string>& args, const std::set<std::string>& switches,
                 const std::set<std::string>& multiValued)
{
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (!isFlag(a)) {
            m_positionals.push_back(a);
            continue;
        }
        auto eq = a.find('=');
        if (eq != std::string::npos) {
            m_flags.emplace_back(a.substr(0, eq), a.substr(eq + 1));
        } else if (switches.count(a)) {
            m_flags.emplace_back(a, "1");
        } else if (i + 1 < args.size()) {
            m_flags.emplace_back(a, args[++i]);
            while (multiValued.count(a) && i + 1 < args.size() && !isFlag(args[i + 1]))
                m_flags.emplace_back(a, args[++i]);
        } else {
            throw InvalidRequestError(a, "expects a value");
        }
    }
}

bool CliArgs::has(const std::string& flag) const
{
    for (const auto& f : m_flags)
        if (f.first == flag)
            return true;
    return false;
}

std::optional<std::string> CliArgs::value(const std::string& flag) const
{
    std::optional<std::string> found;
    for (const auto& f : m_flags)
        if (f.first == flag)
            found = f.second;
    return found;
}

std::vector<std::string> CliArgs::values(const std::string& flag) const
{
    std::vector<std::string> out;
    for (const auto& f : m_flags)
        if (f.first == flag)
            out.push_back(f.second);
    return out;
}

std::string CliArgs::require(const std::string& flag) const
{
    auto v = value(flag);
    if (!v)
        throw InvalidRequestError(flag, "is required");
    return *v;
}

int CliArgs::intValue(const std::string& flag, int fallback, int min, int max) const
{
    auto v = value(flag);
    if (!v)
        return fallback;
    char* end = nullptr;
    errno = 0;
    const long long n = std::strtoll(v->c_str(), &end, 10);
    if (v->empty() || *end != '\0')
        throw InvalidRequestError(flag, "expects an integer, got '" + *v + "'");
    if (errno == ERANGE || n < min || n > max)
        throw InvalidRequestError(flag, "'" + *v + "' is out of range (" + std::to_string(min) + " to " +
                                            std::to_string(max) + ")");
    return static_cast<int>(n);
}

std::uint64_t CliArgs::unsignedValue(const std::string& flag, std::uint64_t fallback) const
{
    auto v = value(flag);
    if (!v)
        return fallback;
    char* end = nullptr;
    errno = 0;
    const unsigned long long n = std::strtoull(v->c_str(), &end, 10);
    // strtoull accepts "-1" and wraps it: the sign is refused here.
    if (v->empty() || *end != '\0' || v->find('-') != std::string::npos)
        throw InvalidRequestError(flag, "expects a non-negative integer, got '" + *v + "'");
    if (errno == ERANGE)
        throw InvalidRequestError(flag, "'" + *v + "' is out of range (0 to 18446744073709551615)");
    return n;
}

double CliArgs::doubleValue(const std::string& flag, double fallback) const
{
    auto v = value(flag);
    if (!v)
        return fallback;
    char* end = nullptr;
    errno = 0;
    const double d = std::strtod(v->c_str(), &end);
    if (v->empty() || *end != '\0')
        throw InvalidRequestError(flag, "expects a number, got '" + *v + "'");
    if (errno == ERANGE || !std::isfinite(d))
        throw InvalidRequestError(flag, "'" + *v + "' is not a finite number in range");
    return d;
}

void CliArgs::rejectUnknown(const std::set<std::string>& known) const
{
    for (const auto& f : m_flags)
        if (!known.count(f.first))
            throw InvalidRequestError(f.first, "unknown option");
}

} // namespace framesmith::cli
