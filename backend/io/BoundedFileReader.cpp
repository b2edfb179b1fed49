#include "io/BoundedFileReader.h"

#include "framesmith/Error.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace framesmith {

std::string BoundedFileReader::kindOf(unsigned int mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISFIFO(mode))
        return "a FIFO";
    if (S_ISSOCK(mode))
        return "a socket";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "a device";
    return "not a regular file";
}

namespace {

struct FdCloser {
    int fd;
    ~FdCloser()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

} // namespace

std::string BoundedFileReader::sizeText(unsigned long long bytes)
{
    if (bytes < 1024)
        return std::to_string(bytes) + " bytes";
    const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
    double value = bytes / 1024.0;
    int unit = 0;
    for (; value >= 1024 && unit < 3; ++unit)
        value /= 1024;
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %s", value, units[unit]);
    return text;
}

int BoundedFileReader::openRegular(const std::string& path, const std::string& what, Links links)
{
    // NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
    const int flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | (links == Links::Refuse ? O_NOFOLLOW : 0);
    const int fd = ::open(path.c_str(), flags);
    if (fd < 0) {
        const int err = errno;
        if (err == ENOENT || err == ENOTDIR)
            throw FileError(ErrorCode::MissingFile, path, "no such " + what);
        if (err == ELOOP && links == Links::Refuse)
            throw FileError(ErrorCode::BadFile, path, "is a symbolic link; a " + what + " must be a regular file");
        throw FileError(ErrorCode::Io, path, "cannot open the " + what + ": " + std::strerror(err));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        const std::string kind = kindOf(st.st_mode);
        ::close(fd);
        throw FileError(ErrorCode::BadFile, path,
                        (kind == "not a regular file" ? "is " + kind : "is " + kind + ", not a regular file") +
                            " (expected a " + what + ")");
    }
    // Reads below must block normally (a regular file never blocks, but be explicit).
    ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return fd;
}

std::string BoundedFileReader::readOpen(int fd, const std::string& path, std::size_t maxBytes, const std::string& what)
{
    struct stat st {};
    if (::fstat(fd, &st) != 0)
        throw FileError(ErrorCode::Io, path, std::string("cannot stat the ") + what + ": " + std::strerror(errno));
    const auto tooLarge = [&](const std::string& size) {
        return FileError(ErrorCode::BadFile, path,
                         "is " + size + ", more than a " + what + " can be (at most " + sizeText(maxBytes) + ")");
    };
    if (static_cast<unsigned long long>(st.st_size) > maxBytes)
        throw tooLarge(sizeText(static_cast<unsigned long long>(st.st_size)));
    std::string text;
    text.reserve(static_cast<std::size_t>(st.st_size));
    char buffer[65536];
    for (;;) { // the file may grow while it is read: never past the cap
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw FileError(ErrorCode::Io, path, std::string("cannot read the ") + what + ": " + std::strerror(errno));
        if (n == 0)
            return text;
        if (text.size() + static_cast<std::size_t>(n) > maxBytes)
            throw tooLarge("more than " + sizeText(maxBytes));
        text.append(buffer, static_cast<std::size_t>(n));
    }
}

std::string BoundedFileReader::read(const std::string& path, std::size_t maxBytes, const std::string& what, Links links)
{
    const FdCloser file{openRegular(path, what, links)};
    return readOpen(file.fd, path, maxBytes, what);
}

} // namespace framesmith
