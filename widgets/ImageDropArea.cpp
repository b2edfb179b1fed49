#include "widgets/ImageDropArea.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImage>
#include <QImageReader>
#include <QLabel>
#include <QMimeData>
#include <QPixmap>
#include <QStandardPaths>
#include <QToolButton>
#include <QVBoxLayout>

namespace {
constexpr int kThumbnailMaxSide = 512; // decode small: a 4K still must not stall the GUI
}

ImageDropArea::ImageDropArea(QWidget* parent)
    : QFrame(parent), m_thumbnail(new QLabel(this)), m_caption(new QLabel(this)),
      m_browseButton(new QToolButton(this)), m_clearButton(new QToolButton(this))
{
    setAcceptDrops(true);
    setFrameShape(QFrame::StyledPanel);
    setFrameShadow(QFrame::Sunken);
    setMinimumSize(200, 120);
    m_thumbnail->setAlignment(Qt::AlignCenter);
    m_thumbnail->setWordWrap(true);
    m_thumbnail->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Ignored);
    m_caption->setAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    m_caption->setWordWrap(true); // a narrow slot (an 800 × 600 window) wraps it rather than cutting it
    m_browseButton->setObjectName(QStringLiteral("browseButton"));
    m_clearButton->setObjectName(QStringLiteral("clearButton"));
    m_clearButton->setEnabled(false);

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_caption, 1);
    buttons->addWidget(m_browseButton);
    buttons->addWidget(m_clearButton);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_thumbnail, 1);
    layout->addLayout(buttons);

    connect(m_browseButton, &QToolButton::clicked, this, &ImageDropArea::browse);
    connect(m_clearButton, &QToolButton::clicked, this, &ImageDropArea::clear);
    retranslate();
}

void ImageDropArea::retranslate()
{
    m_browseButton->setText(tr("Choose…"));
    m_clearButton->setText(tr("Clear"));
    m_browseButton->setToolTip(tr("Choose a start image"));
    m_clearButton->setToolTip(tr("Remove the start image (text-to-video)"));
    if (m_path.isEmpty()) {
        m_thumbnail->setText(tr("Drop a start image here\n(image-to-video models)"));
        m_caption->setText(tr("No start image"));
    } else {
        m_caption->setText(tr("%1 · %2 × %3").arg(QFileInfo(m_path).fileName()).arg(m_imageSize.width()).arg(
            m_imageSize.height()));
    }
}

void ImageDropArea::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QFrame::changeEvent(event);
}

bool ImageDropArea::isSupportedImage(const QString& path)
{
    const QByteArray suffix = QFileInfo(path).suffix().toLower().toLatin1();
    return !suffix.isEmpty() && QImageReader::supportedImageFormats().contains(suffix);
}

bool ImageDropArea::setImagePath(const QString& path)
{
    if (path.isEmpty()) {
        clear();
        return true;
    }
    QImageReader reader(path);
    const QSize size = reader.size(); // the header only: nothing decoded yet
    if (!size.isValid() || size.isEmpty()) {
        Q_EMIT imageRejected(path, reader.errorString());
        return false;
    }
    if (m_maximumPixels > 0 && qint64(size.width()) * size.height() > m_maximumPixels) {
        Q_EMIT imageTooLarge(path, size);
        return false;
    }
    if (std::max(size.width(), size.height()) > kThumbnailMaxSide)
        reader.setScaledSize(size.scaled(kThumbnailMaxSide, kThumbnailMaxSide, Qt::KeepAspectRatio));
    QImage image = reader.read();
    if (image.isNull()) {
        Q_EMIT imageRejected(path, reader.errorString());
        return false;
    }
    m_thumbnailImage = std::move(image);
    m_imageSize = size.isValid() ? size : m_thumbnailImage.size();
    m_path = path;
    m_clearButton->setEnabled(true);
    showThumbnail();
    retranslate();
    Q_EMIT imagePathChanged(m_path);
    return true;
}

void ImageDropArea::setMaximumPixels(qint64 pixels)
{
    m_maximumPixels = qMax<qint64>(0, pixels);
    // Qt refuses to decode images over 256 MiB by default: an allowed 16-bit RGBA image may need
    // 8 bytes a pixel ("Unable to read image data" otherwise).
    constexpr qint64 kBytesPerPixel = 8;
    const int neededMiB = int(m_maximumPixels * kBytesPerPixel / (1024 * 1024)) + 1;
    if (QImageReader::allocationLimit() != 0 && QImageReader::allocationLimit() < neededMiB)
        QImageReader::setAllocationLimit(neededMiB);
}

void ImageDropArea::clear()
{
    const bool hadImage = !m_path.isEmpty();
    m_thumbnailImage = QImage();
    m_path.clear();
    m_imageSize = {};
    m_thumbnail->setPixmap({});
    m_clearButton->setEnabled(false);
    retranslate();
    if (hadImage)
        Q_EMIT imagePathChanged(QString());
}

void ImageDropArea::browse()
{
    QStringList patterns;
    for (const QByteArray& format : QImageReader::supportedImageFormats())
        patterns << QStringLiteral("*.") + QString::fromLatin1(format);
    const QString start = m_path.isEmpty()
                              ? QStandardPaths::writableLocation(QStandardPaths::PicturesLocation)
                              : QFileInfo(m_path).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Choose a start image"), start,
                                                      tr("Images (%1)").arg(patterns.join(QLatin1Char(' '))));
    if (!path.isEmpty())
        setImagePath(path);
}

void ImageDropArea::showThumbnail()
{
    if (m_thumbnailImage.isNull())
        return;
    const QSize room = m_thumbnail->size().boundedTo(QSize(kThumbnailMaxSide, kThumbnailMaxSide));
    m_thumbnail->setPixmap(QPixmap::fromImage(
        m_thumbnailImage.scaled(room.expandedTo(QSize(16, 16)), Qt::KeepAspectRatio, Qt::SmoothTransformation)));
}

void ImageDropArea::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    showThumbnail();
}

QString ImageDropArea::localImageFrom(const QMimeData* mime)
{
    if (!mime || !mime->hasUrls() || mime->urls().size() != 1)
        return {};
    const QUrl url = mime->urls().constFirst();
    return url.isLocalFile() && isSupportedImage(url.toLocalFile()) ? url.toLocalFile() : QString();
}

void ImageDropArea::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localImageFrom(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void ImageDropArea::dropEvent(QDropEvent* event)
{
    const QString path = localImageFrom(event->mimeData());
    if (!path.isEmpty() && setImagePath(path))
        event->acceptProposedAction();
}

void ImageDropArea::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && m_path.isEmpty())
        browse();
    QFrame::mouseReleaseEvent(event);
}
