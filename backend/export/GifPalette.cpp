#include "export/GifPalette.h"

#include <algorithm>

namespace framesmith {

void GifPalette::addFrame(const std::uint8_t* rgb, std::size_t pixelCount)
{
    for (std::size_t i = 0; i < pixelCount; ++i, rgb += 3) {
        const std::size_t key = (rgb[0] >> 3) << 10 | (rgb[1] >> 3) << 5 | (rgb[2] >> 3);
        ++m_count[key];
        for (int c = 0; c < 3; ++c)
            m_sum[key][c] += rgb[c];
    }
}

void GifPalette::splitLargestBox(std::vector<std::pair<std::size_t, std::size_t>>& boxes)
{
    // The box whose longest side (in 5-bit steps) weighted by its pixel share is largest: big
    // colour ranges that many pixels use get split first.
    double bestScore = 0;
    std::size_t best = boxes.size();
    int bestAxis = 0;
    for (std::size_t b = 0; b < boxes.size(); ++b) {
        auto [begin, end] = boxes[b];
        if (end - begin < 2)
            continue;
        int low[3] = {31, 31, 31}, high[3] = {0, 0, 0};
        std::uint64_t pixels = 0;
        for (std::size_t i = begin; i < end; ++i) {
            pixels += m_bins[i].count;
            for (int c = 0; c < 3; ++c) {
                low[c] = std::min<int>(low[c], m_bins[i].key[c]);
                high[c] = std::max<int>(high[c], m_bins[i].key[c]);
            }
        }
        int axis = 0;
        for (int c = 1; c < 3; ++c)
            if (high[c] - low[c] > high[axis] - low[axis])
                axis = c;
        const double score = (high[axis] - low[axis] + 1) * static_cast<double>(pixels);
        if (score > bestScore)
            bestScore = score, best = b, bestAxis = axis;
    }
    if (best == boxes.size())
        return;
    auto [begin, end] = boxes[best];
    std::sort(m_bins.begin() + begin, m_bins.begin() + end,
              [bestAxis](const Bin& a, const Bin& b) { return a.key[bestAxis] < b.key[bestAxis]; });
    std::uint64_t total = 0, running = 0;
    for (std::size_t i = begin; i < end; ++i)
        total += m_bins[i].count;
    std::size_t cut = begin + 1;
    for (std::size_t i = begin; i + 1 < end; ++i) {
        running += m_bins[i].count;
        cut = i + 1;
        if (running * 2 >= total)
            break;
    }
    boxes[best] = {begin, cut};
    boxes.push_back({cut, end});
}

void GifPalette::build()
{
    m_bins.clear();
    for (std::size_t key = 0; key < m_count.size(); ++key)
        if (m_count[key])
            m_bins.push_back({{static_cast<std::uint8_t>(key >> 10), static_cast<std::uint8_t>((key >> 5) & 31),
                               static_cast<std::uint8_t>(key & 31)},
                              m_count[key],
                              {m_sum[key][0], m_sum[key][1], m_sum[key][2]}});
    std::vector<std::pair<std::size_t, std::size_t>> boxes = {{0, m_bins.size()}};
    for (std::size_t previous = 0; boxes.size() < 256 && boxes.size() != previous;) {
        previous = boxes.size();
        splitLargestBox(boxes);
    }
    m_argb.fill(0xff000000u);
    m_colorCount = m_bins.empty() ? 1 : static_cast<int>(boxes.size());
    for (std::size_t b = 0; b < boxes.size() && !m_bins.empty(); ++b) {
        std::uint64_t pixels = 0, sum[3] = {0, 0, 0};
        for (std::size_t i = boxes[b].first; i < boxes[b].second; ++i) {
            pixels += m_bins[i].count;
            for (int c = 0; c < 3; ++c)
                sum[c] += m_bins[i].sum[c];
        }
        std::uint32_t color = 0xff000000u;
        for (int c = 0; c < 3; ++c)
            color |= static_cast<std::uint32_t>((sum[c] + pixels / 2) / pixels) << (16 - 8 * c);
        m_argb[b] = color;
    }
    m_cache.assign(1u << 24, 0);
    m_isCached.assign(1u << 24, false);
}

std::uint8_t GifPalette::nearest(std::uint32_t color)
{
    if (m_isCached[color])
        return m_cache[color];
    const int r = color >> 16, g = (color >> 8) & 255, b = color & 255;
    int best = 0, bestDistance = 1 << 30;
    for (int i = 0; i < m_colorCount; ++i) {
        const int dr = r - static_cast<int>((m_argb[i] >> 16) & 255);
        const int dg = g - static_cast<int>((m_argb[i] >> 8) & 255);
        const int db = b - static_cast<int>(m_argb[i] & 255);
        // Weighted like the eye's sensitivity (green most, blue least).
        const int distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db;
        if (distance < bestDistance)
            bestDistance = distance, best = i;
    }
    m_isCached[color] = true;
    m_cache[color] = static_cast<std::uint8_t>(best);
    return m_cache[color];
}

void GifPalette::map(const std::uint8_t* rgb, int width, int height, std::uint8_t* indices, int indexStride)
{
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x, rgb += 3)
            indices[static_cast<std::size_t>(y) * indexStride + x] =
                nearest(static_cast<std::uint32_t>(rgb[0]) << 16 | rgb[1] << 8 | rgb[2]);
}

} // namespace framesmith
