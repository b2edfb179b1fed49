#include "framesmith/ModelDownloads.h"

#include <cstdlib>
#include <fstream>

namespace framesmith {

namespace {

std::string env(const char* name)
{
    const char* value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

std::string firstLine(const std::string& path)
{
    std::ifstream in(path);
    std::string line;
    std::getline(in, line);
    line.erase(line.find_last_not_of(" \t\r\n") + 1);
    line.erase(0, line.find_first_not_of(" \t"));
    return line;
}

// huggingface_hub's HF_HOME: $HF_HOME, else $XDG_CACHE_HOME/huggingface, else ~/.cache/huggingface.
std::string hfHome()
{
    if (!env("HF_HOME").empty())
        return env("HF_HOME");
    if (!env("XDG_CACHE_HOME").empty())
        return env("XDG_CACHE_HOME") + "/huggingface";
    return env("HOME") + "/.cache/huggingface";
}

} // namespace

HubSettings HubSettings::fromEnvironment()
{
    HubSettings settings;
    std::string endpoint = env("HF_ENDPOINT");
    while (!endpoint.empty() && endpoint.back() == '/')
        endpoint.pop_back();
    if (!endpoint.empty())
        settings.endpoint = endpoint;
    settings.cacheDir = !env("HF_HUB_CACHE").empty()            ? env("HF_HUB_CACHE")
                        : !env("HUGGINGFACE_HUB_CACHE").empty() ? env("HUGGINGFACE_HUB_CACHE")
                                                                : hfHome() + "/hub";
    settings.token = !env("HF_TOKEN").empty() ? env("HF_TOKEN") : env("HUGGING_FACE_HUB_TOKEN");
    if (settings.token.empty())
        settings.token = firstLine(!env("HF_TOKEN_PATH").empty() ? env("HF_TOKEN_PATH") : hfHome() + "/token");
    return settings;
}

} // namespace framesmith
