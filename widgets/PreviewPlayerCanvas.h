#pragma once
// The picture area of PreviewPlayer: paints one QImage itself (fit to the widget or at 100 %,
// centred on a dark background) and an optional overlay label such as "Forming… step 12/50".
// GUI thread only.
#include <QImage>
#include <QWidget>

class PreviewPlayerCanvas : public QWidget {
    Q_OBJECT

public:
    enum class ZoomMode { Fit, Actual };

    explicit PreviewPlayerCanvas(QWidget* parent = nullptr);

    void setImage(const QImage& image);
    const QImage& image() const { return m_image; }
    void setZoomMode(ZoomMode mode);
    ZoomMode zoomMode() const { return m_zoomMode; }
    void setOverlayText(const QString& text); // empty: no overlay
    const QString& overlayText() const { return m_overlayText; }
    QRect imageRect() const;                  // where the image lands, in widget coordinates

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void paintOverlay(QPainter& painter);

    QImage m_image;
    ZoomMode m_zoomMode = ZoomMode::Fit;
    QString m_overlayText;
};
