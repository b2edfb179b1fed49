#include "widgets/PreviewPlayerCanvas.h"

#include <QPainter>
#include <QPainterPath>

PreviewPlayerCanvas::PreviewPlayerCanvas(QWidget* parent) : QWidget(parent)
{
    setMinimumSize(160, 90);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void PreviewPlayerCanvas::setImage(const QImage& image)
{
    m_image = image;
    update();
}

void PreviewPlayerCanvas::setZoomMode(ZoomMode mode)
{
    m_zoomMode = mode;
    update();
}

void PreviewPlayerCanvas::setOverlayText(const QString& text)
{
    m_overlayText = text;
    update();
}

QSize PreviewPlayerCanvas::sizeHint() const { return m_image.isNull() ? QSize(480, 320) : m_image.size(); }

QRect PreviewPlayerCanvas::imageRect() const
{
    if (m_image.isNull())
        return {};
    QSize size = m_image.size();
    if (m_zoomMode == ZoomMode::Fit)
        size.scale(this->size(), Qt::KeepAspectRatio);
    return QRect(QPoint((width() - size.width()) / 2, (height() - size.height()) / 2), size);
}

void PreviewPlayerCanvas::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), QColor(24, 24, 24));
    if (!m_image.isNull()) {
        // Smooth filtering only when resampling; 100 % shows the exact pixels.
        painter.setRenderHint(QPainter::SmoothPixmapTransform, imageRect().size() != m_image.size());
        painter.drawImage(imageRect(), m_image);
    }
    if (!m_overlayText.isEmpty())
        paintOverlay(painter);
}

void PreviewPlayerCanvas::paintOverlay(QPainter& painter)
{
    painter.setRenderHint(QPainter::Antialiasing);
    const QRect textRect = painter.fontMetrics().boundingRect(m_overlayText).adjusted(-8, -4, 8, 4);
    const QRect box(QPoint(10, 10), textRect.size());
    QPainterPath path;
    path.addRoundedRect(box, 6, 6);
    painter.fillPath(path, QColor(0, 0, 0, 170));
    painter.setPen(Qt::white);
    painter.drawText(box, Qt::AlignCenter, m_overlayText);
}
