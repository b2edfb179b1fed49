#include "ui/loras/LoraDropRouter.h"

#include "ui/loras/LoraPanel.h"
#include "widgets/ImageDropArea.h"

#include <QDropEvent>
#include <QFileInfo>
#include <QMimeData>
#include <QUrl>
#include <QWidget>

LoraDropRouter::LoraDropRouter(QWidget* window, LoraPanel* panel, ImageDropArea* startImage, std::function<void()> onLoras)
    : QObject(window), m_panel(panel), m_startImage(startImage), m_onLoras(std::move(onLoras))
{
    window->setAcceptDrops(true);
    window->installEventFilter(this);
}

QStringList LoraDropRouter::loraFiles(const QMimeData* mime)
{
    QStringList files;
    if (!mime || !mime->hasUrls())
        return files;
    for (const QUrl& url : mime->urls()) {
        const QString suffix = QFileInfo(url.toLocalFile()).suffix();
        if (url.isLocalFile() && suffix.compare(QStringLiteral("safetensors"), Qt::CaseInsensitive) == 0)
            files << url.toLocalFile();
    }
    return files;
}

QString LoraDropRouter::imageFile(const QMimeData* mime) const
{
    if (!m_startImage || !mime || !mime->hasUrls())
        return {};
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile() && ImageDropArea::isSupportedImage(url.toLocalFile()))
            return url.toLocalFile();
    return {};
}

bool LoraDropRouter::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::DragEnter || event->type() == QEvent::DragMove) {
        auto* drag = static_cast<QDropEvent*>(event);
        if (!loraFiles(drag->mimeData()).isEmpty() || !imageFile(drag->mimeData()).isEmpty()) {
            drag->acceptProposedAction();
            return true;
        }
    } else if (event->type() == QEvent::Drop) {
        auto* drop = static_cast<QDropEvent*>(event);
        const QStringList loras = loraFiles(drop->mimeData());
        const QString image = imageFile(drop->mimeData());
        if (!loras.isEmpty()) {
            drop->acceptProposedAction();
            m_panel->addFiles(loras);
            if (m_onLoras)
                m_onLoras();
            return true;
        }
        if (!image.isEmpty()) {
            drop->acceptProposedAction();
            m_startImage->setImagePath(image);
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}
