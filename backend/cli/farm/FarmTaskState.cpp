#include "cli/farm/FarmTaskState.h"

#include "export/AtomicOutput.h"
#include "framesmith/Error.h"
#include "io/BoundedFileReader.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <ctime>

namespace framesmith::cli {

namespace {

constexpr std::size_t kMaxStateBytes = 1u << 20; // a state is a few hundred bytes

std::string utcNow()
{
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return text;
}

} // namespace

void FarmTaskState::write(const std::string& path, FarmTaskState state)
{
    state.updatedAt = utcNow();
    const nlohmann::json json = {{"state", state.state},           {"reason", state.reason},
                                 {"exitCode", state.exitCode},     {"latents", state.latentsPath},
                                 {"host", state.host},             {"updatedAt", state.updatedAt}};
    AtomicOutput out(path, AtomicOutput::Kind::File);
    // The reason quotes what failed (a job file's bytes, a path, a program's message) and may not be
    // UTF-8: a state that cannot be written would leave the task "running" forever, so bad bytes
    // become U+FFFD instead of nlohmann's type_error.
    out.writeText(json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n");
    out.commit();
}

std::optional<FarmTaskState> FarmTaskState::read(const std::string& path)
{
    try {
        return fromJson(BoundedFileReader::read(path, kMaxStateBytes, "task state file", BoundedFileReader::Links::Refuse));
    } catch (const FileError&) {
        return std::nullopt;
    }
}

std::optional<FarmTaskState> FarmTaskState::fromJson(const std::string& text)
{
    if (JsonGuard::nestingDepth(text.data(), text.size(), 4) > 4)
        return std::nullopt;
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    if (!json.is_object() || !json.contains("state") || !json["state"].is_string())
        return std::nullopt;
    FarmTaskState state;
    try {
        state.state = json["state"].get<std::string>();
        state.reason = json.value("reason", "");
        const nlohmann::json& code = json.contains("exitCode") ? json["exitCode"] : nlohmann::json(-1);
        // An exit code as written: an integer from -1 to 255 (value<int>() of 1e300 is undefined).
        if (!code.is_number_integer() || code.get<std::int64_t>() < -1 || code.get<std::int64_t>() > 255 ||
            (code.is_number_unsigned() && code.get<std::uint64_t>() > 255))
            return std::nullopt;
        state.exitCode = code.get<int>();
        state.latentsPath = json.value("latents", "");
        state.host = json.value("host", "");
        state.updatedAt = json.value("updatedAt", "");
    } catch (const nlohmann::json::exception&) {
        return std::nullopt; // a field of the wrong type: not a state this program wrote
    }
    return state;
}

} // namespace framesmith::cli
