// Start images are checked when chosen, from their header: a 12000 × 9000 image or an
// 8000 × 6000 16-bit PNG is refused before anything decodes or loads, with a question that offers a
// copy resized to the clip's size (which then is the start image), and an unreadable file is
// explained in a box that stays, not a status line that fades.
#include "ui/form/PromptPanel.h"
#include "ui/form/StartImageGuard.h"
#include "ui/generation/GenerationController.h"
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"
#include "widgets/ImageDropArea.h"
#include "support/TestRegistry.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

namespace tst_StartImageGuard {

namespace {
quint32 crc32(const QByteArray& bytes)
{
    quint32 crc = 0xFFFFFFFFu;
    for (const char c : bytes) {
        crc ^= quint8(c);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

QByteArray chunk(const char* type, const QByteArray& data)
{
    QByteArray body = QByteArray(type) + data;
    QByteArray out(4, '\0');
    qToBigEndian<quint32>(quint32(data.size()), out.data());
    out += body;
    QByteArray crc(4, '\0');
    qToBigEndian<quint32>(crc32(body), crc.data());
    return out + crc;
}

// A PNG whose header declares width × height (the pixels are never there: only the header is read).
void writePngHeader(const QString& path, int width, int height, int bitDepth)
{
    QByteArray ihdr(13, '\0');
    qToBigEndian<quint32>(quint32(width), ihdr.data());
    qToBigEndian<quint32>(quint32(height), ihdr.data() + 4);
    ihdr[8] = char(bitDepth);
    ihdr[9] = 2; // RGB
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QByteArray("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", ihdr) + chunk("IDAT", QByteArray(16, '\0')) +
               chunk("IEND", {}));
}
} // namespace

class tst_StartImageGuard : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }

    void refusesAnOversizedImageFromItsHeader_data()
    {
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("bitDepth");
        QTest::newRow("12000x9000") << 12000 << 9000 << 8;
        QTest::newRow("8000x6000 16-bit") << 8000 << 6000 << 16;
    }

    void refusesAnOversizedImageFromItsHeader()
    {
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, bitDepth);
        const QString path = m_dir.filePath(QStringLiteral("huge-%1.png").arg(width));
        writePngHeader(path, width, height, bitDepth);
        AppSettings settings(m_dir.filePath(QStringLiteral("huge.ini")));
        MainWindow window(settings);
        window.show();
        ImageDropArea* area = window.promptPanel()->startImageArea();
        QVERIFY(!area->setImagePath(path));
        QVERIFY(!area->hasImage());
        QVERIFY(!window.generationController()->isRunning());
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("startImageTooLargeBox"));
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QVERIFY2(box->text().contains(QStringLiteral("%1 × %2").arg(width).arg(height)), qPrintable(box->text()));
        QVERIFY2(box->text().contains(QStringLiteral("at most 40 million")), qPrintable(box->text()));
        QVERIFY(box->findChild<QPushButton*>(QStringLiteral("resizeStartImageButton")));
        QVERIFY2(box->informativeText().contains(QStringLiteral("resized")), qPrintable(box->informativeText()));
        QVERIFY(window.findChild<QMessageBox*>(QStringLiteral("errorBox")) == nullptr); // not "unable to read"
        box->reject();
        QVERIFY(!area->hasImage());
    }

    void resizeMakesACopyAtTheClipSizeAndUsesIt()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("resize.ini")));
        MainWindow window(settings);
        window.show();
        auto r = window.request();
        r.width = 96;
        r.height = 64;
        window.setRequest(r);
        ImageDropArea* area = window.promptPanel()->startImageArea();
        area->setMaximumPixels(10000); // a small limit, so a small real image stands for a huge one
        QImage image(200, 150, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        const QString path = m_dir.filePath(QStringLiteral("still.png"));
        QVERIFY(image.save(path));
        auto* guard = window.findChild<StartImageGuard*>();
        QVERIFY(guard);
        QSignalSpy resized(guard, &StartImageGuard::resized);
        QVERIFY(!area->setImagePath(path));
        QVERIFY(guard->question());
        guard->question()->findChild<QPushButton*>(QStringLiteral("resizeStartImageButton"))->click();
        QTRY_COMPARE_WITH_TIMEOUT(resized.size(), 1, 30000);
        QVERIFY(area->hasImage());
        QCOMPARE(area->imageSize(), QSize(96, 72)); // covers 96 × 64, the aspect kept
        QVERIFY(area->imagePath().startsWith(m_dir.filePath(QStringLiteral("data/start-images"))));
        QCOMPARE(QString::fromStdString(window.request().startImagePath), area->imagePath());
        QVERIFY(QFile::exists(path)); // the original stays
        QCOMPARE(QImage(path).size(), QSize(200, 150));
    }

    void anUnreadableImageIsExplainedInABox()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("broken.ini")));
        MainWindow window(settings);
        window.show();
        const QString path = m_dir.filePath(QStringLiteral("broken.png"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("not an image at all");
        file.close();
        QVERIFY(!window.promptPanel()->startImageArea()->setImagePath(path));
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("broken.png")));
        QVERIFY(!box->informativeText().isEmpty());
    }
};

FRAMESMITH_TEST_MAIN(tst_StartImageGuard)

} // namespace tst_StartImageGuard
#include "tst_StartImageGuard.moc"
