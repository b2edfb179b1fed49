#pragma once
// SHA-1, streamed: the Hub names a regular (non-LFS) file by its git blob id, the sha1 of
// "blob <size>\0" followed by the bytes. An identifier, not a security check. One thread per object.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace framesmith {

class Sha1 {
public:
    Sha1();
    void update(const void* data, std::size_t size);
    std::string hexDigest(); // lowercase, 40 characters; ends the hash

private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 5> m_state;
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_totalBytes = 0;
};

} // namespace framesmith
