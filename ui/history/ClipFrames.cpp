#include "ui/history/ClipFrames.h"

#include <cstring>

namespace ClipFrames {

QVector<QImage> toImages(const std::uint8_t* rgb, int frameCount, int width, int height)
{
    QVector<QImage> images;
    if (!rgb || frameCount <= 0 || width <= 0 || height <= 0)
        return images;
    images.reserve(frameCount);
    const qsizetype rowBytes = qsizetype(width) * 3;
    for (int f = 0; f < frameCount; ++f) {
        QImage image(width, height, QImage::Format_RGB888);
        const std::uint8_t* frame = rgb + rowBytes * height * f;
        // QImage rows are 4-byte aligned: copy row by row.
        for (int y = 0; y < height; ++y)
            std::memcpy(image.scanLine(y), frame + rowBytes * y, size_t(rowBytes));
        images.push_back(image);
    }
    return images;
}

QVector<QImage> toImages(const framesmith::VideoFrames& frames)
{
    if (frames.rgb.size() < frames.frameBytes() * size_t(std::max(0, frames.frameCount)))
        return {};
    return toImages(frames.rgb.data(), frames.frameCount, frames.width, frames.height);
}

QVector<QImage> toImages(const framesmith::PreviewFrames& preview)
{
    const size_t needed = size_t(preview.frameCount) * preview.width * preview.height * 3;
    if (preview.rgb.size() < needed)
        return {};
    return toImages(preview.rgb.data(), preview.frameCount, preview.width, preview.height);
}

QImage thumbnail(const QVector<QImage>& frames, int edge)
{
    if (frames.isEmpty())
        return {};
    return frames.at(frames.size() / 2).scaled(edge, edge, Qt::KeepAspectRatio, Qt::SmoothTransformation);
}

} // namespace ClipFrames
