#pragma once
// SHA-256 (FIPS 180-4) of bytes or of a file, as lower-case hex: the identity of a LoRA file in
// sidecars, so a regeneration finds the same file again. Any thread; one object per thread.
#include <cstddef>
#include <cstdint>
#include <string>

namespace framesmith {

class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t size);
    std::string hexDigest(); // ends the hash

    static std::string ofBytes(const std::string& bytes);
    static std::string ofFile(const std::string& path); // throws FileError (MissingFile, Io)

private:
    void block(const std::uint8_t* p);

    std::uint32_t m_state[8];
    std::uint8_t m_buffer[64];
    std::size_t m_buffered = 0;
    std::uint64_t m_length = 0; // bytes
};

} // namespace framesmith
