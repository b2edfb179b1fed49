#include "ui/form/StartImageGuard.h"

#include "framesmith/DataFolders.h"
#include "framesmith/StartImageRules.h"
#include "ui/main/BackgroundTasks.h"
#include "ui/main/ErrorBox.h"
#include "widgets/ImageDropArea.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

#include <memory>

StartImageGuard::StartImageGuard(ImageDropArea* area, std::function<QSize()> clipSize, QWidget* window)
    : QObject(window), m_area(area), m_clipSize(std::move(clipSize)), m_window(window),
      m_tasks(new BackgroundTasks(this)), m_copiesFolder(QString::fromStdString(framesmith::dataFolder("start-images")))
{
    m_area->setMaximumPixels(framesmith::kMaxStartImagePixels);
    connect(m_area, &ImageDropArea::imageTooLarge, this, &StartImageGuard::onTooLarge);
    connect(m_area, &ImageDropArea::imageRejected, this, &StartImageGuard::onRejected);
}

QSize StartImageGuard::resizedFor(const QSize& size, const QSize& clip)
{
    if (size.isEmpty() || clip.isEmpty())
        return size;
    return size.scaled(clip, Qt::KeepAspectRatioByExpanding); // the engine crops the rest, never stretches
}

void StartImageGuard::onTooLarge(const QString& path, const QSize& size)
{
    if (m_question)
        m_question->close();
    const QSize target = resizedFor(size, m_clipSize());
    const QLocale locale;
    const auto megapixels = [&locale](qint64 pixels) { return locale.toString(double(pixels) / 1e6, 'f', 0); };
    m_question = new QMessageBox(QMessageBox::Warning, tr("Start image too large"),
                                 tr("%1 is %2 × %3 pixels (%4 million); a start image may have at most %5 million.")
                                     .arg(QFileInfo(path).fileName())
                                     .arg(size.width())
                                     .arg(size.height())
                                     .arg(megapixels(qint64(size.width()) * size.height()),
                                          megapixels(m_area->maximumPixels())),
                                 QMessageBox::NoButton, m_window);
    m_question->setObjectName(QStringLiteral("startImageTooLargeBox"));
    m_question->setInformativeText(tr("Use a copy resized to %1 × %2 (it covers the clip's %3 × %4)? "
                                      "The original file is not changed.")
                                       .arg(target.width())
                                       .arg(target.height())
                                       .arg(m_clipSize().width())
                                       .arg(m_clipSize().height()));
    QPushButton* resizeButton = m_question->addButton(tr("&Resize and use"), QMessageBox::AcceptRole);
    resizeButton->setObjectName(QStringLiteral("resizeStartImageButton"));
    m_question->addButton(QMessageBox::Cancel);
    m_question->setDefaultButton(resizeButton);
    m_question->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_question, &QMessageBox::accepted, this, [this, path, size, target] { resize(path, size, target); });
    connect(m_question, &QObject::destroyed, this, [this] { m_question = nullptr; });
    m_question->open();
}

void StartImageGuard::resize(const QString& path, const QSize& size, const QSize& target)
{
    // A PNG decodes at full size before it is scaled: let Qt allocate that much (8 bytes a pixel
    // covers 16-bit RGBA), once, for this deliberate choice.
    const int neededMiB = int(qint64(size.width()) * size.height() * 8 / (1024 * 1024)) + 1;
    if (QImageReader::allocationLimit() != 0 && QImageReader::allocationLimit() < neededMiB)
        QImageReader::setAllocationLimit(neededMiB);
    const QString copy = QDir(m_copiesFolder).filePath(QStringLiteral("%1-%2x%3.png")
                                                           .arg(QFileInfo(path).completeBaseName())
                                                           .arg(target.width())
                                                           .arg(target.height()));
    auto error = std::make_shared<QString>();
    // Decoding a 100-megapixel image takes seconds and hundreds of MiB: never on the GUI thread.
    m_tasks->run(
        [path, target, copy, error] {
            QImageReader reader(path);
            reader.setScaledSize(target); // JPEG decodes at the smaller size directly
            const QImage image = reader.read();
            if (image.isNull())
                *error = reader.errorString();
            else if (!QDir().mkpath(QFileInfo(copy).absolutePath()) || !image.save(copy, "PNG"))
                *error = tr("cannot write %1").arg(QDir::toNativeSeparators(copy));
        },
        [this, path, copy, error](const QString& thrown) {
            const QString problem = thrown.isEmpty() ? *error : thrown;
            if (!problem.isEmpty()) {
                ErrorBox::show(m_window, tr("Start image"), tr("The start image could not be resized."),
                               QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), problem));
                return;
            }
            if (m_area->setImagePath(copy))
                Q_EMIT resized(copy);
        });
}

void StartImageGuard::onRejected(const QString& path, const QString& reason)
{
    QMessageBox* box = ErrorBox::show(m_window, tr("Start image"),
                                      tr("%1 cannot be used as a start image: it could not be read as an image.")
                                          .arg(QFileInfo(path).fileName()),
                                      QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), reason));
    box->setInformativeText(tr("Save it as an 8-bit PNG or JPEG about the clip's size and choose it again."));
}
