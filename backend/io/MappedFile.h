#pragma once
#include <cstddef>
#include <string>

namespace framesmith {

// A whole file mapped privately (copy-on-write). Throws FileError on failure.
class MappedFile {
public:
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    unsigned char* data() const { return m_data; }
    std::size_t size() const { return m_size; }

private:
    unsigned char* m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace framesmith
