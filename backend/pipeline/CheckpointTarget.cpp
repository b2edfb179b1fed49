#include "pipeline/CheckpointTarget.h"

#include "framesmith/Error.h"
#include "io/PrivateFolder.h"
#include "pipeline/LatentsCheckpoint.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
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
        target.m_path = wanted.empty() ? LatentsCheckpoint::freshPathIn(folder, request) : wanted;
        return target;
    }
    for (const std::string& fallback : fallbackFolders()) {
        std::string fallbackWhy;
        if (fallback != folder && canWriteIn(fallback, &fallbackWhy)) {
            target.m_path = LatentsCheckpoint::freshPathIn(fallback, request);
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
        return m_path;
    } catch (const FileError& first) {
        for (const std::string& fallback : fallbackFolders()) {
            std::string why;
            if (fallback == folderOf(m_path) || !canWriteIn(fallback, &why))
                continue;
            try {
                const std::string path = LatentsCheckpoint::freshPathIn(fallback, m_request);
                checkpoint.write(path);
                m_notice = std::string(first.what()) + "; the latents were written to " + path + " instead";
                m_path = path;
                return path;
            } catch (const FileError&) {
            }
        }
        throw;
    }
}

} // namespace framesmith
