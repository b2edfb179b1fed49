#include "export/AtomicOutput.h"

#include "framesmith/Error.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace framesmith {

namespace fs = std::filesystem;

static std::string systemReason(int error) { return std::strerror(error); }

static mode_t currentUmask()
{
    const mode_t mask = ::umask(0);
    ::umask(mask);
    return mask;
}

static void syncPath(const std::string& path, const std::string& finalPath)
{
    int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0)
        throw FileError(ErrorCode::Io, finalPath, "cannot reopen the written data: " + systemReason(errno));
    // A rename that reaches the disk before the data would leave an empty file after a crash.
    int result = ::fsync(fd);
    int error = errno;
    ::close(fd);
    if (result != 0 && error != EINVAL)
        throw FileError(ErrorCode::Io, finalPath, "flushing to disk failed: " + systemReason(error));
}

namespace {
// The temporaries of live AtomicOutputs (a clip and its sidecar at most, in practice), readable
// from a signal handler: lock-free pointers to strings that outlive their registration.
constexpr int kPendingSlots = 8;
std::atomic<const char*> g_pending[kPendingSlots];

void registerPending(const char* path)
{
    for (auto& slot : g_pending) {
        const char* expected = nullptr;
        if (slot.compare_exchange_strong(expected, path))
            return;
    }
}

void unregisterPending(const char* path)
{
    for (auto& slot : g_pending) {
        const char* expected = path;
        if (slot.compare_exchange_strong(expected, nullptr))
            return;
    }
}
} // namespace

AtomicOutput::AtomicOutput(std::string path, Kind kind) : m_path(std::move(path)), m_kind(kind)
{
    while (m_path.size() > 1 && m_path.back() == '/')
        m_path.pop_back();
    if (m_path.empty())
        throw FileError(ErrorCode::Io, "(empty path)", "no output path was given");
    std::vector<char> name(m_path.begin(), m_path.end());
    const std::string suffix = ".tmp-XXXXXX";
    name.insert(name.end(), suffix.begin(), suffix.end());
    name.push_back('\0');
    bool created = false;
    if (kind == Kind::File) {
        const int fd = ::mkstemp(name.data());
        created = fd >= 0;
        if (created)
            ::close(fd); // FFmpeg reopens by name
    } else {
        created = ::mkdtemp(name.data()) != nullptr;
    }
    if (!created) {
        const std::string folder = fs::path(m_path).parent_path().string();
        throw FileError(ErrorCode::Io, m_path, "cannot create a file in '" + (folder.empty() ? "." : folder) +
                                                   "': " + systemReason(errno));
    }
    // mkstemp/mkdtemp create private entries; an export should get the user's usual permissions.
    ::chmod(name.data(), (kind == Kind::File ? 0666 : 0777) & ~currentUmask());
    m_tempPath = name.data();
    m_isOpen = true;
    if (kind == Kind::File)
        registerPending(m_tempPath.c_str());
}


void AtomicOutput::removePendingFiles()
{
    for (auto& slot : g_pending)
        if (const char* path = slot.load())
            ::unlink(path); // fails harmlessly on a folder
}

AtomicOutput::~AtomicOutput() { discard(); }

void AtomicOutput::discard()
{
    if (!m_isOpen)
        return;
    unregisterPending(m_tempPath.c_str());
    std::error_code ignored;
    fs::remove_all(m_tempPath, ignored);
    m_isOpen = false;
}

void AtomicOutput::commit()
{
    if (!m_isOpen)
        throw Error(ErrorCode::Internal, m_path + ": committed twice or after discard");
    if (m_kind == Kind::Folder) {
        commitFolder();
    } else {
        syncPath(m_tempPath, m_path);
        if (std::rename(m_tempPath.c_str(), m_path.c_str()) != 0)
            throw FileError(ErrorCode::Io, m_path, "renaming the finished file into place failed: " + systemReason(errno));
    }
    unregisterPending(m_tempPath.c_str()); // renamed: nothing of ours is left to remove
    m_isOpen = false;
}

void AtomicOutput::commitFolder()
{
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(m_tempPath, error))
        syncPath(entry.path().string(), m_path);
    std::string aside;
    if (fs::exists(m_path, error)) {
        if (!fs::is_directory(m_path, error))
            throw FileError(ErrorCode::Io, m_path, "exists and is not a folder; a PNG sequence needs a folder");
        // rename() cannot replace a non-empty folder: move the old one aside, then drop it.
        aside = m_tempPath + ".old";
        if (std::rename(m_path.c_str(), aside.c_str()) != 0)
            throw FileError(ErrorCode::Io, m_path, "cannot move the existing folder aside: " + systemReason(errno));
    }
    if (std::rename(m_tempPath.c_str(), m_path.c_str()) != 0) {
        const int renameError = errno;
        if (!aside.empty())
            std::rename(aside.c_str(), m_path.c_str());
        throw FileError(ErrorCode::Io, m_path, "renaming the finished folder into place failed: " + systemReason(renameError));
    }
    if (!aside.empty())
        fs::remove_all(aside, error);
}

void AtomicOutput::writeText(const std::string& text)
{
    std::FILE* file = std::fopen(m_tempPath.c_str(), "wb");
    if (!file)
        throw FileError(ErrorCode::Io, m_path, "cannot open for writing: " + systemReason(errno));
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
    const int writeError = errno;
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed)
        throw FileError(ErrorCode::Io, m_path, "writing failed: " + systemReason(written ? errno : writeError));
}

} // namespace framesmith
