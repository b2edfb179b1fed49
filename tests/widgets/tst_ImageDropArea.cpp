// ImageDropArea: accepts an image by path or drop, shows it, refuses non-images, clears.
#include "widgets/ImageDropArea.h"
#include "support/TestRegistry.h"

#include <QApplication>
#include <QImage>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUrl>

namespace tst_ImageDropArea {

class tst_ImageDropArea : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_image;

private Q_SLOTS:
    void initTestCase()
    {
        m_image = m_dir.filePath(QStringLiteral("frame.png"));
        QImage image(1360, 768, QImage::Format_RGB32);
        image.fill(Qt::red);
        QVERIFY(image.save(m_image));
    }

    void loadsAnImageAndClears()
    {
        ImageDropArea area;
        QSignalSpy changed(&area, &ImageDropArea::imagePathChanged);
        QVERIFY(area.setImagePath(m_image));
        QCOMPARE(area.imagePath(), m_image);
        QCOMPARE(area.imageSize(), QSize(1360, 768));
        QCOMPARE(changed.count(), 1);
        QVERIFY(area.findChild<QToolButton*>(QStringLiteral("clearButton"))->isEnabled());
        area.findChild<QToolButton*>(QStringLiteral("clearButton"))->click();
        QVERIFY(!area.hasImage());
        QCOMPARE(changed.count(), 2);
        QCOMPARE(changed.last().first().toString(), QString());
    }

    void refusesWhatIsNotAnImage()
    {
        const QString text = m_dir.filePath(QStringLiteral("notes.png"));
        QFile file(text);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("not a png");
        file.close();
        ImageDropArea area;
        QSignalSpy rejected(&area, &ImageDropArea::imageRejected);
        QVERIFY(!area.setImagePath(text));
        QVERIFY(!area.hasImage());
        QCOMPARE(rejected.count(), 1);
    }

    void acceptsADroppedImageFile()
    {
        ImageDropArea area;
        area.show();
        QVERIFY(QTest::qWaitForWindowExposed(&area));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(m_image)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&area, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&area, &drop);
        QCOMPARE(area.imagePath(), m_image);

        QMimeData other;
        other.setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("clip.mp4")))});
        QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &other, Qt::LeftButton, Qt::NoModifier);
        refused.setAccepted(false);
        QApplication::sendEvent(&area, &refused);
        QVERIFY(!refused.isAccepted());
    }
};

FRAMESMITH_TEST_MAIN(tst_ImageDropArea)

} // namespace tst_ImageDropArea
#include "tst_ImageDropArea.moc"
