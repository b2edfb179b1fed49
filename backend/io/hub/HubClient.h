#pragma once
// HTTP for the Hub, through libcurl (HTTPS, proxies from the environment, redirects). Sends the
// token as a Bearer header to the endpoint only (libcurl drops it when a redirect changes host, as
// huggingface_hub does for the CDN). A build without libcurl compiles a stub whose every call
// throws Error(Unavailable). Blocking; one object per thread.
#include "framesmith/CancelToken.h"
#include "framesmith/ModelDownloads.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>

namespace framesmith {

struct HubResponse {
    long status = 0;                           // the last response's (after redirects); 0: none
    std::map<std::string, std::string> headers; // lowercase names, of every response on the way
    std::string body;                           // get() only
    std::string transferError;                  // libcurl's text when the transfer failed
    bool wasCancelled = false;
    bool isWriteFailure = false;                // the sink refused bytes (disk full, ...)
};

class HubClient {
public:
    // Receives the body: start(status) once before the first byte (false refuses the body), then
    // write(bytes) (false stops the transfer: the disk refused them).
    struct Sink {
        std::function<bool(long status)> start;
        std::function<bool(const char* data, std::size_t size)> write;
        std::function<void(std::uint64_t bytesThisTransfer)> progress;
    };

    explicit HubClient(HubSettings settings);
    static bool isAvailable();

    // A small reply read into memory (API JSON; at most 64 MiB), redirects followed.
    HubResponse get(const std::string& url, const CancelToken& cancel) const;
    // The body from byte `offset` on (a Range request when offset > 0) into the sink, redirects
    // followed. A dropped connection comes back as transferError, never as an exception.
    HubResponse fetch(const std::string& url, std::uint64_t offset, const Sink& sink, const CancelToken& cancel) const;

    const HubSettings& settings() const { return m_settings; }

private:
    HubSettings m_settings;
};

} // namespace framesmith
