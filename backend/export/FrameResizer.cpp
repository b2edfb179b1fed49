#include "export/FrameResizer.h"

#include "framesmith/Error.h"

#include <algorithm>
#include <cstring>

extern "C" {
#include <libswscale/swscale.h>
}

namespace framesmith {

FrameResizer::FrameResizer(int sourceWidth, int sourceHeight, int targetWidth, int targetHeight, bool padToEven)
    : m_sourceWidth(sourceWidth), m_sourceHeight(sourceHeight), m_targetWidth(targetWidth),
      m_targetHeight(targetHeight), m_outputWidth(targetWidth + (padToEven ? targetWidth % 2 : 0)),
      m_outputHeight(targetHeight + (padToEven ? targetHeight % 2 : 0))
{
    if (sourceWidth == targetWidth && sourceHeight == targetHeight)
        return;
    m_scaler = sws_getContext(sourceWidth, sourceHeight, AV_PIX_FMT_RGB24, targetWidth, targetHeight,
                              AV_PIX_FMT_RGB24, SWS_BICUBIC | SWS_ACCURATE_RND, nullptr, nullptr, nullptr);
    if (!m_scaler)
        throw Error(ErrorCode::Internal, "swscale cannot scale " + std::to_string(sourceWidth) + "x" +
                                             std::to_string(sourceHeight) + " to " + std::to_string(targetWidth) +
                                             "x" + std::to_string(targetHeight));
    m_scaled.resize(static_cast<std::size_t>(targetWidth) * targetHeight * 3);
}

FrameResizer::~FrameResizer() { sws_freeContext(m_scaler); }

std::string FrameResizer::note() const
{
    std::string note;
    if (m_scaler)
        note = "scaled " + std::to_string(m_sourceWidth) + "x" + std::to_string(m_sourceHeight) + " to " +
               std::to_string(m_targetWidth) + "x" + std::to_string(m_targetHeight) + " (bicubic)";
    if (m_outputWidth != m_targetWidth || m_outputHeight != m_targetHeight)
        note += std::string(note.empty() ? "" : "; ") + "padded " + std::to_string(m_targetWidth) + "x" +
                std::to_string(m_targetHeight) + " to " + std::to_string(m_outputWidth) + "x" +
                std::to_string(m_outputHeight) + " by repeating the last column/row (the codec needs even sizes)";
    return note;
}

const std::uint8_t* FrameResizer::resize(const std::uint8_t* rgb)
{
    const std::uint8_t* frame = rgb;
    if (m_scaler) {
        const std::uint8_t* const source[1] = {rgb};
        const int sourceStride[1] = {m_sourceWidth * 3};
        std::uint8_t* const target[1] = {m_scaled.data()};
        const int targetStride[1] = {m_targetWidth * 3};
        sws_scale(m_scaler, source, sourceStride, 0, m_sourceHeight, target, targetStride);
        frame = m_scaled.data();
    }
    if (m_outputWidth == m_targetWidth && m_outputHeight == m_targetHeight)
        return frame;
    pad(frame);
    return m_padded.data();
}

void FrameResizer::pad(const std::uint8_t* rgb)
{
    const std::size_t inRow = static_cast<std::size_t>(m_targetWidth) * 3;
    const std::size_t outRow = static_cast<std::size_t>(m_outputWidth) * 3;
    m_padded.resize(outRow * m_outputHeight);
    for (int y = 0; y < m_outputHeight; ++y) {
        const std::uint8_t* in = rgb + inRow * std::min(y, m_targetHeight - 1);
        std::uint8_t* out = m_padded.data() + outRow * y;
        std::memcpy(out, in, inRow);
        if (outRow > inRow)
            std::memcpy(out + inRow, in + inRow - 3, 3);
    }
}

} // namespace framesmith
