#pragma once
// SHA-256 (FIPS 180-4), streamed: the Hub names an LFS file by the sha256 of its bytes. Torch-
// and OpenSSL-free so the downloader builds wherever libcurl does. One thread per object.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

namespace framesmith {

class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t size);
    std::string hexDigest(); // lowercase, 64 characters; ends the hash

private:
    void compress(const std::uint8_t* block);

    std::array<std::uint32_t, 8> m_state;
    std::array<std::uint8_t, 64> m_buffer{};
    std::size_t m_buffered = 0;
    std::uint64_t m_totalBytes = 0;
};

} // namespace framesmith
