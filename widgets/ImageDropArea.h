#pragma once
// A start-image slot: drop an image file on it or choose one with a file dialog; shows a
// thumbnail, the file name and size, and a clear button. An image over the pixel limit is refused
// from its header, before anything is decoded (imageTooLarge: the app offers a smaller copy).
// GUI thread only.
#include <QFrame>
#include <QImage>
#include <QSize>

class QLabel;
class QToolButton;

class ImageDropArea : public QFrame {
    Q_OBJECT

public:
    explicit ImageDropArea(QWidget* parent = nullptr);

    QString imagePath() const { return m_path; }
    bool hasImage() const { return !m_path.isEmpty(); }
    QSize imageSize() const { return m_imageSize; }
    // Loads a thumbnail; false (and nothing changes) when the file is not a readable image.
    bool setImagePath(const QString& path);
    void clear();
    void browse(); // opens a file dialog
    static bool isSupportedImage(const QString& path);
    // Images with more pixels are refused from their header (0: no limit).
    void setMaximumPixels(qint64 pixels);
    qint64 maximumPixels() const { return m_maximumPixels; }

Q_SIGNALS:
    void imagePathChanged(const QString& path); // empty when cleared
    void imageRejected(const QString& path, const QString& reason);
    void imageTooLarge(const QString& path, const QSize& size); // over maximumPixels(); nothing changed

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void retranslate();
    void showThumbnail();
    static QString localImageFrom(const class QMimeData* mime);

    QLabel* m_thumbnail = nullptr;
    QLabel* m_caption = nullptr;
    QToolButton* m_browseButton = nullptr;
    QToolButton* m_clearButton = nullptr;
    QString m_path;
    QImage m_thumbnailImage; // already scaled down to kThumbnailMaxSide
    QSize m_imageSize;
    qint64 m_maximumPixels = 0;
};
