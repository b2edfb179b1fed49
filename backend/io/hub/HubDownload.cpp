#include "io/hub/HubDownload.h"

#include "framesmith/HubError.h"
#include "io/hub/HubCacheLayout.h"
#include "io/hub/HubTransferRate.h"

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

std::uint64_t fileSize(const std::string& path)
{
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    return ec ? 0 : size;
}

std::string gibibytes(std::uint64_t bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.2f GiB", double(bytes) / double(1ull << 30));
    return text;
}

// What a file already has in the cache: all of it (its blob) or the partial part kept.
std::uint64_t bytesPresent(const HubCacheLayout& layout, const HubFile& file)
{
    if (layout.hasBlob(file))
        return file.size;
    const std::uint64_t partial = fileSize(layout.incompletePath(file.checksum));
    return partial <= file.size ? partial : 0;
}

// Reports progress a few times a second, with the rate over the last seconds.
class ProgressReporter {
public:
    ProgressReporter(const ModelDownloads::ProgressCallback& callback, std::uint64_t total, std::uint64_t present)
        : m_callback(callback), m_start(std::chrono::steady_clock::now())
    {
        m_state.bytesTotal = total;
        m_state.bytesDone = present;
        m_presentAhead = present;
    }
    // `before`: the sizes of the files done; `present`: what this file had when the run began.
    void startFile(const std::string& repoId, const std::string& file, int index, int count, std::uint64_t before,
                   std::uint64_t present)
    {
        m_state.repoId = repoId;
        m_state.file = file;
        m_state.fileIndex = index;
        m_state.fileCount = count;
        m_presentAhead -= std::min(m_presentAhead, present);
        m_fileBase = before + m_presentAhead; // partial files further on count as done already
        report(m_fileBase + present, true);
    }
    // `onDisk`: the file's bytes on disk now.
    void fileBytes(std::uint64_t onDisk) { report(m_fileBase + onDisk, false); }
    void finishFile(std::uint64_t fileSize) { report(m_fileBase + fileSize, true); }

private:
    void report(std::uint64_t done, bool force)
    {
        const double now = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
        m_fetched += done > m_state.bytesDone ? done - m_state.bytesDone : 0; // the network's share
        m_state.bytesDone = done;
        m_rate.add(now, m_fetched);
        if (!m_callback || (!force && now - m_lastReport < 0.25))
            return;
        m_lastReport = now;
        m_state.bytesPerSecond = m_rate.bytesPerSecond();
        m_state.secondsLeft = m_rate.secondsLeft(m_state.bytesTotal - std::min(m_state.bytesTotal, done));
        m_callback(m_state);
    }

    const ModelDownloads::ProgressCallback& m_callback;
    std::chrono::steady_clock::time_point m_start;
    DownloadProgress m_state;
    HubTransferRate m_rate;
    std::uint64_t m_fileBase = 0;
    std::uint64_t m_presentAhead = 0;
    std::uint64_t m_fetched = 0;
    double m_lastReport = -1;
};

} // namespace

HubDownload::HubDownload(HubSettings settings, Options options) : m_settings(std::move(settings)), m_options(std::move(options))
{
    if (!m_options.freeBytes)
        m_options.freeBytes = [](const std::string& folder) {
            std::error_code ec;
            const fs::space_info space = fs::space(folder, ec);
            return ec ? UINT64_MAX : static_cast<std::uint64_t>(space.available);
        };
}

std::vector<HubRepoListing> HubDownload::list(const std::vector<HubRepoRequest>& repos, const CancelToken& cancel) const
{
    const HubClient client(m_settings);
    std::vector<HubRepoListing> listings;
    for (const auto& repo : repos)
        listings.push_back(HubRepoListing::fetch(client, repo, cancel));
    return listings;
}

std::uint64_t HubDownload::missingBytes(const std::vector<HubRepoListing>& listings) const
{
    std::uint64_t missing = 0;
    for (const auto& listing : listings) {
        const HubCacheLayout layout(m_settings.cacheDir, listing.repoId);
        for (const auto& file : listing.files)
            missing += file.size - bytesPresent(layout, file);
    }
    return missing;
}

void HubDownload::requireSpace(const std::vector<HubRepoListing>& listings) const
{
    std::error_code ec;
    fs::create_directories(m_settings.cacheDir, ec);
    if (ec)
        throw FileError(ErrorCode::Io, m_settings.cacheDir, "the Hub cache folder cannot be created: " + ec.message());
    const std::uint64_t missing = missingBytes(listings);
    const std::uint64_t free = m_options.freeBytes(m_settings.cacheDir);
    if (missing > free)
        throw HubError(HubProblem::DiskFull, listings.front().repoId,
                       "needs " + gibibytes(missing) + " more, but the disk holding " + m_settings.cacheDir + " has " +
                           gibibytes(free) + " free; free some space or set HF_HUB_CACHE to a folder on a larger disk");
}

std::vector<DownloadedRepo> HubDownload::run(const std::vector<HubRepoRequest>& repos,
                                             const ModelDownloads::ProgressCallback& progress,
                                             const CancelToken& cancel) const
{
    if (repos.empty())
        throw InvalidRequestError("repo", "no repo to download");
    const std::vector<HubRepoListing> listings = list(repos, cancel);
    requireSpace(listings);
    std::uint64_t total = 0, present = 0;
    int fileCount = 0;
    for (const auto& listing : listings) {
        total += listing.totalBytes();
        present += listing.totalBytes();
        fileCount += static_cast<int>(listing.files.size());
    }
    present -= missingBytes(listings);
    ProgressReporter reporter(progress, total, present);
    const HubClient client(m_settings);
    std::vector<DownloadedRepo> done;
    std::uint64_t before = 0; // bytes of the files ahead of the current one
    int index = 0;
    for (const auto& listing : listings) {
        const HubCacheLayout layout(m_settings.cacheDir, listing.repoId);
        fs::create_directories(fs::path(layout.repoFolder()) / "blobs");
        const HubFileDownload fileDownload(client, layout, listing.repoId, listing.commit, m_options.file);
        DownloadedRepo repo{listing.repoId, listing.commit, layout.snapshotFolder(listing.commit), 0,
                            static_cast<int>(listing.files.size())};
        for (const auto& file : listing.files) {
            reporter.startFile(listing.repoId, file.path, ++index, fileCount, before, bytesPresent(layout, file));
            if (!layout.hasBlob(file))
                repo.bytesFetched += fileDownload.run(file, [&](std::uint64_t onDisk) { reporter.fileBytes(onDisk); }, cancel);
            layout.linkSnapshotFile(listing.commit, file);
            reporter.finishFile(file.size);
            before += file.size;
        }
        fs::create_directories(repo.snapshotFolder); // a repo whose includes matched nothing to fetch
        layout.writeRef(listing.revision, listing.commit);
        done.push_back(repo);
    }
    return done;
}

} // namespace framesmith
