#pragma once
// Checks a start image when it is chosen, not after the model loaded: the slot refuses an image
// over the engine's pixel limit from its header (framesmith::kMaxStartImagePixels), and this guard
// says so in a question that offers a copy resized to the clip's size (made in the background,
// kept in the data root's start-images/, the original untouched) and then uses that copy. An
// unreadable image is explained in a box that stays until read, not a status line that fades.
// GUI thread only.
#include <QObject>
#include <QSize>
#include <QString>

#include <functional>

class BackgroundTasks;
class ImageDropArea;
class QMessageBox;
class QWidget;

class StartImageGuard : public QObject {
    Q_OBJECT

public:
    // area and window are not owned; clipSize says the size the clip will have (the form's).
    StartImageGuard(ImageDropArea* area, std::function<QSize()> clipSize, QWidget* window);

    QMessageBox* question() const { return m_question; }
    // Where resized copies go (default: framesmith::dataFolder("start-images")).
    void setCopiesFolder(const QString& folder) { m_copiesFolder = folder; }
    // The size a copy of an image of `size` gets: the smallest that covers `clip`, aspect kept.
    static QSize resizedFor(const QSize& size, const QSize& clip);

Q_SIGNALS:
    void resized(const QString& copyPath); // the copy is made and in the slot

private:
    void onTooLarge(const QString& path, const QSize& size);
    void onRejected(const QString& path, const QString& reason);
    void resize(const QString& path, const QSize& size, const QSize& target);

    ImageDropArea* m_area;
    std::function<QSize()> m_clipSize;
    QWidget* m_window;
    BackgroundTasks* m_tasks;
    QMessageBox* m_question = nullptr;
    QString m_copiesFolder;
};
