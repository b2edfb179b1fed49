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
    // Tells the kernel a copied-out range will not be read again soon: its whole pages leave the
    // process's resident set (they stay in the page cache; a later read maps them back from the
    // file). Without it, loading a component holds its weights twice in RSS, the copies and the
    // pages read, until the file is closed. Pages the range shares with neighbours are kept.
    void release(std::size_t offset, std::size_t length) const;
    std::size_t size() const { return m_size; }

private:
    unsigned char* m_data = nullptr;
    std::size_t m_size = 0;
};

} // namespace framesmith
