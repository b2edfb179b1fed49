#include "io/hub/HubClient.h"

#include "framesmith/Error.h"

#ifdef FRAMESMITH_HAS_CURL
#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <mutex>
#endif

namespace framesmith {

HubClient::HubClient(HubSettings settings) : m_settings(std::move(settings)) {}

#ifndef FRAMESMITH_HAS_CURL

namespace {
[[noreturn]] void unavailable()
{
    throw Error(ErrorCode::Unavailable, "this build of Framesmith has no download support (libcurl was not found "
                                        "when it was built); install libcurl4-openssl-dev and rebuild, or download "
                                        "with `huggingface-cli download` (the models land in the same cache)");
}
} // namespace

bool HubClient::isAvailable() { return false; }
HubResponse HubClient::get(const std::string&, const CancelToken&) const { unavailable(); }
HubResponse HubClient::fetch(const std::string&, std::uint64_t, const Sink&, const CancelToken&) const { unavailable(); }

#else

namespace {

constexpr std::size_t kMaxReplyBytes = 64u << 20;

struct Transfer {
    CURL* curl = nullptr;
    const HubClient::Sink* sink = nullptr;
    const CancelToken* cancel = nullptr;
    HubResponse* response = nullptr;
    std::string* memory = nullptr; // get(): the body goes here
    bool isStarted = false;
    bool isRefused = false;        // start() said no: the body is skipped
};

std::size_t onHeader(char* data, std::size_t size, std::size_t count, void* user)
{
    auto* t = static_cast<Transfer*>(user);
    const std::string line(data, size * count);
    const auto colon = line.find(':');
    if (colon != std::string::npos) {
        std::string name = line.substr(0, colon);
        std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
        std::string value = line.substr(colon + 1);
        value.erase(0, value.find_first_not_of(" \t"));
        value.erase(value.find_last_not_of(" \t\r\n") + 1);
        t->response->headers[name] = value;
    }
    return size * count;
}

std::size_t onBody(char* data, std::size_t size, std::size_t count, void* user)
{
    auto* t = static_cast<Transfer*>(user);
    const std::size_t bytes = size * count;
    long status = 0;
    curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &status);
    if (status < 200 || status >= 300) // an error page: the status says it all
        return bytes;
    if (t->memory) {
        if (t->memory->size() + bytes > kMaxReplyBytes)
            return 0;
        t->memory->append(data, bytes);
        return bytes;
    }
    if (!t->isStarted) {
        t->isStarted = true;
        t->isRefused = t->sink->start && !t->sink->start(status);
    }
    if (t->isRefused)
        return bytes;
    if (!t->sink->write(data, bytes)) {
        t->response->isWriteFailure = true;
        return 0; // CURLE_WRITE_ERROR
    }
    return bytes;
}

int onProgress(void* user, curl_off_t, curl_off_t downloaded, curl_off_t, curl_off_t)
{
    auto* t = static_cast<Transfer*>(user);
    if (t->cancel->mode() != CancelMode::None) {
        t->response->wasCancelled = true;
        return 1;
    }
    if (t->sink && t->sink->progress)
        t->sink->progress(static_cast<std::uint64_t>(downloaded));
    return 0;
}

void initOnce()
{
    static std::once_flag once;
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

HubResponse perform(const HubSettings& settings, const std::string& url, std::uint64_t offset, Transfer& t)
{
    initOnce();
    HubResponse response;
    std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
    if (!curl)
        throw Error(ErrorCode::Internal, "libcurl could not start a transfer for " + url);
    t.curl = curl.get();
    t.response = &response;
    curl_slist* headers = nullptr;
    // Only to the Hub itself: a CDN or another host never sees the token.
    if (!settings.token.empty() && url.rfind(settings.endpoint + "/", 0) == 0)
        headers = curl_slist_append(headers, ("Authorization: Bearer " + settings.token).c_str());
    std::unique_ptr<curl_slist, void (*)(curl_slist*)> headerList(headers, curl_slist_free_all);
    const std::string range = std::to_string(offset) + "-";
    CURL* c = curl.get();
    curl_easy_setopt(c, CURLOPT_URL, url.c_str());
    curl_easy_setopt(c, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(c, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(c, CURLOPT_MAXREDIRS, 10L);
    curl_easy_setopt(c, CURLOPT_USERAGENT, "framesmith/" FRAMESMITH_VERSION);
    curl_easy_setopt(c, CURLOPT_CONNECTTIMEOUT, 30L);
    curl_easy_setopt(c, CURLOPT_LOW_SPEED_LIMIT, 1L); // a stalled connection counts as dropped
    curl_easy_setopt(c, CURLOPT_LOW_SPEED_TIME, 60L);
    curl_easy_setopt(c, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(c, CURLOPT_HEADERFUNCTION, onHeader);
    curl_easy_setopt(c, CURLOPT_HEADERDATA, &t);
    curl_easy_setopt(c, CURLOPT_WRITEFUNCTION, onBody);
    curl_easy_setopt(c, CURLOPT_WRITEDATA, &t);
    curl_easy_setopt(c, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(c, CURLOPT_XFERINFOFUNCTION, onProgress);
    curl_easy_setopt(c, CURLOPT_XFERINFODATA, &t);
    if (offset > 0)
        curl_easy_setopt(c, CURLOPT_RANGE, range.c_str());
    const CURLcode code = curl_easy_perform(c);
    curl_easy_getinfo(c, CURLINFO_RESPONSE_CODE, &response.status);
    if (code != CURLE_OK && !response.wasCancelled && !response.isWriteFailure)
        response.transferError = curl_easy_strerror(code);
    return response;
}

} // namespace

bool HubClient::isAvailable()
{
    return true;
}

HubResponse HubClient::get(const std::string& url, const CancelToken& cancel) const
{
    std::string body;
    Transfer t;
    t.cancel = &cancel;
    t.memory = &body;
    HubResponse response = perform(m_settings, url, 0, t);
    response.body = std::move(body);
    return response;
}

HubResponse HubClient::fetch(const std::string& url, std::uint64_t offset, const Sink& sink,
                             const CancelToken& cancel) const
{
    Transfer t;
    t.cancel = &cancel;
    t.sink = &sink;
    return perform(m_settings, url, offset, t);
}

#endif

} // namespace framesmith
