// The door's download calls (framesmith/ModelDownloads.h); ModelDownloads::catalog() is in
// models/ModelRegistry.cpp, beside the family list it reads.
#include "framesmith/ModelDownloads.h"

#include "io/hub/HubClient.h"
#include "io/hub/HubDownload.h"

namespace framesmith {

bool ModelDownloads::isAvailable()
{
    return HubClient::isAvailable();
}

std::uint64_t ModelDownloads::sizeOf(const std::vector<HubRepoRequest>& repos, const HubSettings& settings,
                                     const CancelToken& cancel)
{
    std::uint64_t total = 0;
    for (const auto& listing : HubDownload(settings).list(repos, cancel))
        total += listing.totalBytes();
    return total;
}

std::vector<DownloadedRepo> ModelDownloads::download(const std::vector<HubRepoRequest>& repos,
                                                     const HubSettings& settings, const ProgressCallback& progress,
                                                     const CancelToken& cancel)
{
    return HubDownload(settings).run(repos, progress, cancel);
}

} // namespace framesmith
