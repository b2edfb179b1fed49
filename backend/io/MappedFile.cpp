#include "io/MappedFile.h"

#include "framesmith/Error.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace framesmith {

MappedFile::MappedFile(const std::string& path)
{
    // NONBLOCK: a FIFO named like a model file must not hang the app.
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        int err = errno;
        bool missing = err == ENOENT || err == ENOTDIR;
        throw FileError(missing ? ErrorCode::MissingFile : ErrorCode::Io, path,
                        missing ? "no such file" : std::string("cannot open: ") + std::strerror(err));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        bool isDirectory = S_ISDIR(st.st_mode);
        ::close(fd);
        throw FileError(ErrorCode::BadFile, path,
                        isDirectory ? "is a directory, expected a .safetensors file" : "not a regular file");
    }
    m_size = static_cast<std::size_t>(st.st_size);
    // Copy-on-write so views can be written to without touching the file; NORESERVE because a
    // 20 GB checkpoint would otherwise be charged against swap even though it is never written.
    if (m_size > 0) {
        void* p = ::mmap(nullptr, m_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_NORESERVE, fd, 0);
        if (p == MAP_FAILED) {
            int err = errno;
            ::close(fd);
            throw FileError(ErrorCode::Io, path, std::string("cannot map: ") + std::strerror(err));
        }
        m_data = static_cast<unsigned char*>(p);
    }
    ::close(fd);
}

void MappedFile::release(std::size_t offset, std::size_t length) const
{
    const std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t first = (offset + page - 1) / page * page, last = (offset + length) / page * page;
    if (!m_data || last <= first || last > m_size)
        return;
    // Only pages no view wrote to are dropped by load()'s callers (SafetensorsReader::load copies
    // from a view of its own); a private page dropped is read again from the file when touched.
    ::madvise(m_data + first, last - first, MADV_DONTNEED);
}

MappedFile::~MappedFile()
{
    if (m_data)
        ::munmap(m_data, m_size);
}

} // namespace framesmith
