#include "engine/checkpoints/CheckpointTarget.h"

#include "framesmith/Error.h"
#include "io/PrivateFolder.h"
#include "engine/checkpoints/LatentsCheckpoint.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <utility>
#include <vector>

#include <sys/statvfs.h>
#include <unistd.h>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

// A checkpoint is a few megabytes (one latent video); less free space than this is a full disk.
constexpr unsigned long long kMinFreeBytes = 64ull << 20;

std::string folderOf(const std::string& path)
{
    std::error_code ec;
    const fs::path folder = fs::absolute(path, ec).parent_path();
    return folder.empty() ? std::string(".") : folder.string();
}

// The default folder, then a private folder in the system's temporary folder: both outlive the
// run. The temporary one is per user and 0700 (PrivateFolder): a fixed name there could be a link
// another local user planted, who would then receive the latents and the prompt.
std::vector<std::string> fallbackFolders()
{
    std::vector<std::string> folders = {LatentsCheckpoint::defaultFolder()};
    const std::string temp = PrivateFolder::inTemp("framesmith-checkpoints");
    std::string why;
    if (PrivateFolder::ensure(temp, &why))
        folders.push_back(temp);
    return folders;
}

} // namespace

CheckpointTarget::~CheckpointTarget() { releaseReservation(); }

CheckpointTarget::CheckpointTarget(CheckpointTarget&& other) noexcept
    : m_path(std::move(other.m_path)), m_reserved(std::exchange(other.m_reserved, {})),
      m_notice(std::move(other.m_notice)), m_request(std::move(other.m_request))
{
}

CheckpointTarget& CheckpointTarget::operator=(CheckpointTarget&& other) noexcept
{
    if (this != &other) {
        releaseReservation();
        m_path = std::move(other.m_path);
        m_reserved = std::exchange(other.m_reserved, {});
        m_notice = std::move(other.m_notice);
        m_request = std::move(other.m_request);
    }
    return *this;
}

void CheckpointTarget::releaseReservation()
{
    std::error_code ec;
    if (!m_reserved.empty() && fs::is_regular_file(m_reserved, ec) && fs::file_size(m_reserved, ec) == 0)
        fs::remove(m_reserved, ec); // never written: no empty "checkpoint" is left behind
    m_reserved.clear();
}

bool CheckpointTarget::canWriteIn(const std::string& folder, std::string* why)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (!fs::is_directory(folder, ec)) {
        *why = "the folder " + folder + " does not exist and cannot be created";
        return false;
    }
    std::string probe = (fs::path(folder) / ".framesmith-probe-XXXXXX").string();
    const int fd = ::mkstemp(probe.data());
    if (fd < 0) {
        *why = "the folder " + folder + " does not take new files (" + std::strerror(errno) + ")";
        return false;
    }
    ::close(fd);
    ::unlink(probe.c_str());
    struct statvfs space {};
    if (::statvfs(folder.c_str(), &space) == 0 &&
        static_cast<unsigned long long>(space.f_bavail) * space.f_frsize < kMinFreeBytes) {
        *why = "the disk holding " + folder + " is full";
        return false;
    }
    return true;
}

CheckpointTarget CheckpointTarget::choose(const std::string& wanted, const GenerationRequest& request)
{
    CheckpointTarget target;
    target.m_request = request;
    const std::string folder = wanted.empty() ? LatentsCheckpoint::defaultFolder() : folderOf(wanted);
    std::string why;
    if (canWriteIn(folder, &why)) {
        LatentsCheckpoint::removeStaleTemporaries(folder); // a killed writer's leftovers
        target.m_path = wanted.empty() ? LatentsCheckpoint::freshPathIn(folder, request) : wanted;
        if (wanted.empty())
            target.m_reserved = target.m_path;
        return target;
    }
    for (const std::string& fallback : fallbackFolders()) {
        std::string fallbackWhy;
        if (fallback != folder && canWriteIn(fallback, &fallbackWhy)) {
            target.m_path = LatentsCheckpoint::freshPathIn(fallback, request);
            target.m_reserved = target.m_path;
            target.m_notice = "the latents checkpoint cannot go to " + (wanted.empty() ? folder : wanted) + " (" +
                              why + "); it goes to " + target.m_path + " instead";
            return target;
        }
    }
    throw FileError(ErrorCode::Io, wanted.empty() ? folder : wanted,
                    "no folder can take the latents checkpoint (" + why + "); free some disk space first");
}

std::string CheckpointTarget::write(const LatentsCheckpoint& checkpoint)
{
    try {
        checkpoint.write(m_path);
        m_reserved.clear(); // written: the name holds the checkpoint now
        return m_path;
    } catch (const FileError& first) {
        for (const std::string& fallback : fallbackFolders()) {
            std::string why;
            if (fallback == folderOf(m_path) || !canWriteIn(fallback, &why))
                continue;
            std::string path;
            try {
                path = LatentsCheckpoint::freshPathIn(fallback, m_request);
                checkpoint.write(path);
                m_notice = std::string(first.what()) + "; the latents were written to " + path + " instead";
                releaseReservation();
                m_path = path;
                return path;
            } catch (const FileError&) {
                std::error_code ec;
                if (!path.empty() && fs::file_size(path, ec) == 0)
                    fs::remove(path, ec); // its reservation, never written
            }
        }
        throw;
    }
}

} // namespace framesmith
