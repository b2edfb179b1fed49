#include "io/hub/HubFileDownload.h"

#include "framesmith/HubError.h"
#include "io/hub/HubChecksum.h"
#include "io/hub/HubReplyCheck.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

std::uint64_t sizeOf(const std::string& path)
{
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    return ec ? 0 : size;
}

std::string mebibytes(std::uint64_t bytes)
{
    return bytes < (10u << 20) ? std::to_string(bytes >> 10) + " KiB (" + std::to_string(bytes) + " bytes)"
                               : std::to_string(bytes >> 20) + " MiB";
}

// The ETag as the Hub quotes it ("abc", W/"abc"): the bare value.
std::string bareEtag(std::string etag)
{
    if (etag.rfind("W/", 0) == 0)
        etag.erase(0, 2);
    if (etag.size() >= 2 && etag.front() == '"' && etag.back() == '"')
        etag = etag.substr(1, etag.size() - 2);
    return etag;
}

// Closes on every path out of a transfer.
struct FileHandle {
    int fd = -1;
    ~FileHandle()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

HubFileDownload::HubFileDownload(const HubClient& client, const HubCacheLayout& layout, std::string repoId,
                                 std::string commit, Options options)
    : m_client(client), m_layout(layout), m_repoId(std::move(repoId)), m_commit(std::move(commit)), m_options(options)
{
}

HubFileDownload::Attempt HubFileDownload::fetchRest(const HubFile& file,
                                                    const std::function<void(std::uint64_t)>& onDisk,
                                                    const CancelToken& cancel) const
{
    const std::string partial = m_layout.incompletePath(file.checksum);
    FileHandle out;
    out.fd = ::open(partial.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (out.fd < 0)
        throw FileError(ErrorCode::Io, partial, std::string("cannot be written: ") + std::strerror(errno));
    std::uint64_t onDiskBytes = sizeOf(partial);
    const std::uint64_t offset = onDiskBytes;
    int writeErrno = 0;
    Attempt attempt;
    HubClient::Sink sink;
    sink.start = [&](long status) {
        if (status == 200 && offset > 0) { // the server ignored the Range: start over
            if (::ftruncate(out.fd, 0) != 0)
                return false;
            onDiskBytes = 0;
        }
        return true;
    };
    sink.write = [&](const char* data, std::size_t size) {
        while (size > 0) {
            const ssize_t written = ::write(out.fd, data, size);
            if (written < 0) {
                if (errno == EINTR)
                    continue;
                writeErrno = errno;
                return false;
            }
            data += written;
            size -= static_cast<std::size_t>(written);
            onDiskBytes += static_cast<std::uint64_t>(written);
            attempt.bytesAdded += static_cast<std::uint64_t>(written);
        }
        onDisk(onDiskBytes);
        return true;
    };
    const HubResponse response =
        m_client.fetch(HubRepoListing::resolveUrl(m_client.settings(), m_repoId, m_commit, file.path), offset, sink, cancel);
    attempt.dropReason = judge(response, file, onDiskBytes, writeErrno);
    return attempt;
}

std::string HubFileDownload::judge(const HubResponse& response, const HubFile& file, std::uint64_t onDiskBytes,
                                   int writeErrno) const
{
    const std::string partial = m_layout.incompletePath(file.checksum);
    if (response.wasCancelled)
        throw CancelledError("the download of " + where(file) + " (" + mebibytes(onDiskBytes) + " kept in " + partial +
                             "; downloading again continues from there)");
    if (response.isWriteFailure) {
        if (writeErrno == ENOSPC || writeErrno == EDQUOT)
            throw HubError(HubProblem::DiskFull, where(file),
                           "the disk is full after " + mebibytes(onDiskBytes) + " of " + mebibytes(file.size) +
                               "; free " + mebibytes(file.size - std::min(file.size, onDiskBytes)) +
                               " or more and download again: the part is kept in " + partial);
        throw FileError(ErrorCode::Io, partial, std::string("writing failed: ") + std::strerror(writeErrno));
    }
    if (!response.transferError.empty()) // dropped, reset, stalled: resumable
        return response.transferError;
    if (response.status == 416) { // the partial file is not a prefix the server knows: start over
        fs::remove(partial);
        return "the server refused to continue the partial file (HTTP 416)";
    }
    if (response.status >= 500) // a busy or failing server: worth another try
        return "HTTP " + std::to_string(response.status);
    HubReplyCheck::requireSuccess(response, where(file), m_repoId, m_commit, m_client.settings());
    const auto linked = response.headers.find("x-linked-etag");
    if (linked != response.headers.end() && HubChecksum::isSha256(file.checksum) &&
        bareEtag(linked->second) != file.checksum)
        throw HubError(HubProblem::Server, where(file),
                       "the Hub's file (sha256 " + bareEtag(linked->second) + ") is not the one its file list names (" +
                           file.checksum + "); try again in a moment");
    if (onDiskBytes < file.size)
        return "the connection closed after " + mebibytes(onDiskBytes) + " of " + mebibytes(file.size);
    return {};
}

std::uint64_t HubFileDownload::fetchWhole(const HubFile& file, const std::function<void(std::uint64_t)>& onDisk,
                                          const CancelToken& cancel) const
{
    const std::string partial = m_layout.incompletePath(file.checksum);
    if (sizeOf(partial) > file.size) // not this file's prefix
        fs::remove(partial);
    std::uint64_t fetched = 0;
    int delayMs = m_options.retryDelayMs;
    for (int drops = 0;; ++drops) {
        const Attempt attempt = fetchRest(file, onDisk, cancel);
        fetched += attempt.bytesAdded;
        if (attempt.dropReason.empty())
            return fetched;
        if (drops >= m_options.maxResumes)
            throw HubError(HubProblem::Network, where(file),
                           "the connection dropped " + std::to_string(drops + 1) + " times (" + attempt.dropReason +
                               "); " + mebibytes(sizeOf(partial)) + " are kept in " + partial +
                               " and downloading again continues from there");
        for (int waited = 0; waited < delayMs; waited += 50) { // cancel stays prompt while waiting
            if (cancel.mode() != CancelMode::None)
                throw CancelledError("the download of " + where(file));
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        delayMs = std::min(delayMs * 2, 8000);
    }
}

std::uint64_t HubFileDownload::run(const HubFile& file, const std::function<void(std::uint64_t)>& onDisk,
                                   const CancelToken& cancel) const
{
    const std::string partial = m_layout.incompletePath(file.checksum);
    std::uint64_t fetched = 0;
    for (int tries = 1;; ++tries) {
        fetched += fetchWhole(file, onDisk, cancel);
        const std::string actual = HubChecksum::of(partial, file.checksum, cancel);
        if (actual == file.checksum)
            break;
        fs::remove(partial); // never resumed: its bytes are wrong somewhere
        onDisk(0);
        if (tries == 2)
            throw HubError(HubProblem::ChecksumMismatch, where(file),
                           "downloaded twice, and both times the bytes hash to " + actual + ", not the Hub's " +
                               file.checksum + "; the file was removed (try again later, or another HF_ENDPOINT)");
    }
    std::error_code ec;
    fs::rename(partial, m_layout.blobPath(file.checksum), ec);
    if (ec)
        throw FileError(ErrorCode::Io, m_layout.blobPath(file.checksum), "cannot be written: " + ec.message());
    return fetched;
}

} // namespace framesmith
