#include "cli/farm/FarmFolder.h"

#include "export/AtomicOutput.h"
#include "framesmith/Error.h"
#include "io/BoundedFileReader.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace framesmith::cli {

namespace {

struct Fd {
    int fd = -1;
    ~Fd()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

std::string joined(const std::string& folder, const std::string& relative) { return folder + "/" + relative; }

FileError refusal(const std::string& path, const std::string& why)
{
    return FileError(ErrorCode::BadFile, path, why + " (the farm folder is shared storage: refused)");
}

} // namespace

bool FarmFolder::isSubmissionId(const std::string& id)
{
    if (id.empty() || id.size() > 100 || id.find("..") != std::string::npos)
        return false;
    for (std::size_t i = 0; i < id.size(); ++i) {
        const char c = id[i];
        const bool isAlnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!isAlnum && (i == 0 || (c != '.' && c != '_' && c != '-')))
            return false;
    }
    return true;
}

bool FarmFolder::isPlainName(const std::string& name)
{
    if (name.empty() || name.size() > 255 || name == "." || name == "..")
        return false;
    for (const char c : name)
        if (c == '/' || static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
            return false;
    return true;
}

namespace {

// The last component, opened in `dir`: a regular file with one link, never a link itself.
int openLast(int dir, const std::string& name, const std::string& path, const std::string& what)
{
    const int fd = ::openat(dir, name.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))
        throw FileError(ErrorCode::MissingFile, path, "no such " + what);
    if (fd < 0 && errno == ELOOP)
        throw refusal(path, "is a symbolic link, not the " + what + " itself");
    if (fd < 0)
        throw FileError(ErrorCode::Io, path, "cannot open the " + what + ": " + std::strerror(errno));
    struct stat st {};
    const bool isFile = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
    if (!isFile || st.st_nlink != 1) {
        ::close(fd);
        const std::string kind = BoundedFileReader::kindOf(st.st_mode);
        throw refusal(path, isFile ? "has " + std::to_string(st.st_nlink) + " hard links; a " + what +
                                         " written by framesmith-cli has one"
                                   : "is " + kind + (kind == "not a regular file" ? "" : ", not a regular file") +
                                         " (expected a " + what + ")");
    }
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK); // reads of a regular file never block
    return fd;
}

// A folder on the way, opened in `dir` without following a link.
int openStep(int dir, const std::string& name, const std::string& path, const std::string& what)
{
    const int next = ::openat(dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0 && errno == ENOENT)
        throw FileError(ErrorCode::MissingFile, path, "no such " + what + " (the folder " + name + " is missing)");
    if (next < 0 && (errno == ELOOP || errno == ENOTDIR))
        throw refusal(path, "'" + name + "' is a symbolic link or not a folder");
    if (next < 0)
        throw FileError(ErrorCode::Io, path, std::string("cannot open the folder ") + name + ": " + std::strerror(errno));
    return next;
}

} // namespace

int FarmFolder::openInside(const std::string& folder, const std::string& relative, const std::string& what)
{
    const std::string path = joined(folder, relative);
    Fd dir{::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)};
    if (dir.fd < 0)
        throw FileError(errno == ENOENT ? ErrorCode::MissingFile : ErrorCode::Io, folder,
                        std::string("cannot open the folder: ") + std::strerror(errno));
    for (std::size_t start = 0;;) {
        const std::size_t slash = relative.find('/', start);
        const std::string name = relative.substr(start, slash == std::string::npos ? std::string::npos : slash - start);
        if (!isPlainName(name))
            throw refusal(path, "'" + name + "' is not a plain file name");
        if (slash == std::string::npos)
            return openLast(dir.fd, name, path, what);
        const int next = openStep(dir.fd, name, path, what);
        ::close(dir.fd);
        dir.fd = next;
        start = slash + 1;
    }
}

std::string FarmFolder::readInside(const std::string& folder, const std::string& relative, std::size_t maxBytes,
                                   const std::string& what)
{
    const Fd file{openInside(folder, relative, what)};
    return BoundedFileReader::readOpen(file.fd, joined(folder, relative), maxBytes, what);
}

void FarmFolder::copyInside(const std::string& folder, const std::string& relative, const std::string& to,
                            const std::string& what)
{
    const std::string from = joined(folder, relative);
    const Fd source{openInside(folder, relative, what)};
    AtomicOutput out(to, AtomicOutput::Kind::File); // a fresh temporary beside `to`, ours alone
    const Fd target{::open(out.tempPath().c_str(), O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC)};
    if (target.fd < 0)
        throw FileError(ErrorCode::Io, to, std::string("cannot write: ") + std::strerror(errno));
    char buffer[1 << 16];
    for (;;) {
        const ssize_t n = ::read(source.fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw FileError(ErrorCode::Io, from, std::string("cannot read: ") + std::strerror(errno));
        if (n == 0)
            break;
        for (ssize_t written = 0; written < n;) {
            const ssize_t w = ::write(target.fd, buffer + written, static_cast<std::size_t>(n - written));
            if (w < 0 && errno == EINTR)
                continue;
            if (w < 0)
                throw FileError(ErrorCode::Io, to, std::string("cannot be written (") + std::strerror(errno) + ")");
            written += w;
        }
    }
    struct stat st {}; // the copy keeps the clip's time: the History dates an entry by it
    if (::fstat(source.fd, &st) == 0) {
        const timespec times[2] = {st.st_atim, st.st_mtim};
        ::futimens(target.fd, times);
    }
    out.commit();
}

bool FarmFolder::makeNewFolder(const std::string& path)
{
    if (::mkdir(path.c_str(), 0755) == 0)
        return true;
    if (errno == EEXIST)
        return false;
    throw FileError(ErrorCode::Io, path, std::string("cannot be created (is the output folder writable?): ") +
                                             std::strerror(errno));
}

} // namespace framesmith::cli
