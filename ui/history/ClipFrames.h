#pragma once
// Conversions between the backend's packed 8-bit RGB clips and the QImages the player shows.
// Pure functions, any thread (QImage is reentrant).
#include "framesmith/GenerationEvents.h"
#include "framesmith/VideoFrames.h"

#include <QImage>
#include <QVector>

namespace ClipFrames {
QVector<QImage> toImages(const std::uint8_t* rgb, int frameCount, int width, int height);
QVector<QImage> toImages(const framesmith::VideoFrames& frames);
QVector<QImage> toImages(const framesmith::PreviewFrames& preview);
// The middle frame scaled to fit `edge` pixels: the clip's face in lists.
QImage thumbnail(const QVector<QImage>& frames, int edge = 160);
} // namespace ClipFrames
