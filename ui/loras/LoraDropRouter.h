#pragma once
// Files dropped anywhere on the main window (not on a widget that takes drops itself): .safetensors
// files go to the LoRA panel, an image to the start-image slot. An event filter on the window, which
// accepts drops for it. GUI thread only.
#include <QObject>
#include <QStringList>

#include <functional>

class ImageDropArea;
class LoraPanel;
class QMimeData;
class QWidget;

class LoraDropRouter : public QObject {
    Q_OBJECT

public:
    // `onLoras` runs after the panel took dropped files (e.g. to show its dock).
    LoraDropRouter(QWidget* window, LoraPanel* panel, ImageDropArea* startImage, std::function<void()> onLoras);

    // The local .safetensors files among dropped URLs.
    static QStringList loraFiles(const QMimeData* mime);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QString imageFile(const QMimeData* mime) const;

    LoraPanel* m_panel;
    ImageDropArea* m_startImage;
    std::function<void()> m_onLoras;
};
