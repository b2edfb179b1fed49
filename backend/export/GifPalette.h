#pragma once
// One 256-colour palette for a whole clip (median cut over a 15-bit colour histogram of every
// frame), and the exact nearest-colour mapping of frames onto it. One palette for all frames keeps
// colours from flickering between frames; no dithering, so a slow gradient may show bands.
#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace framesmith {

class GifPalette {
public:
    void addFrame(const std::uint8_t* rgb, std::size_t pixelCount); // histogram only
    void build();                                                   // median cut; after the last addFrame

    int colorCount() const { return m_colorCount; }
    // AVPALETTE layout: native-endian 0xAARRGGBB, 256 entries.
    const std::array<std::uint32_t, 256>& argb() const { return m_argb; }
    // Writes one palette index per pixel (row stride `indexStride`).
    void map(const std::uint8_t* rgb, int width, int height, std::uint8_t* indices, int indexStride);

private:
    struct Bin {
        std::uint8_t key[3];      // 5-bit r, g, b
        std::uint64_t count;
        std::uint64_t sum[3];     // 8-bit sums, for an exact mean colour
    };
    void splitLargestBox(std::vector<std::pair<std::size_t, std::size_t>>& boxes);
    std::uint8_t nearest(std::uint32_t color);

    std::vector<std::uint64_t> m_count = std::vector<std::uint64_t>(1 << 15);
    std::vector<std::array<std::uint64_t, 3>> m_sum = std::vector<std::array<std::uint64_t, 3>>(1 << 15);
    std::vector<Bin> m_bins;
    std::array<std::uint32_t, 256> m_argb{};
    int m_colorCount = 0;
    std::vector<std::uint8_t> m_cache; // 24-bit colour -> palette index, where m_isCached
    std::vector<bool> m_isCached;
};

} // namespace framesmith
