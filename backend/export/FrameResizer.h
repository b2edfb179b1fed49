#pragma once
// Brings source RGB frames to the exported size: bicubic scaling when the user asked for another
// size, then padding to even sizes for chroma-subsampled codecs by repeating the last column/row
// (pixels stay 1:1; a player shows one extra edge pixel rather than a resampled, softer frame).
#include <cstdint>
#include <string>
#include <vector>

struct SwsContext;

namespace framesmith {

class FrameResizer {
public:
    FrameResizer(int sourceWidth, int sourceHeight, int targetWidth, int targetHeight, bool padToEven);
    ~FrameResizer();
    FrameResizer(const FrameResizer&) = delete;
    FrameResizer& operator=(const FrameResizer&) = delete;

    int outputWidth() const { return m_outputWidth; }
    int outputHeight() const { return m_outputHeight; }
    std::string note() const; // what was done to the size, for the sidecar; "" when nothing

    // Returns the frame at outputWidth x outputHeight (RGB24, tightly packed). The pointer is
    // `rgb` itself when nothing had to change, else an internal buffer valid until the next call.
    const std::uint8_t* resize(const std::uint8_t* rgb);

private:
    void pad(const std::uint8_t* rgb);

    int m_sourceWidth, m_sourceHeight;
    int m_targetWidth, m_targetHeight;
    int m_outputWidth, m_outputHeight;
    SwsContext* m_scaler = nullptr;
    std::vector<std::uint8_t> m_scaled;
    std::vector<std::uint8_t> m_padded;
};

} // namespace framesmith
