// Start images decode through FFmpeg to the reference's exact uint8 RGB; bad files are named.
#include "framesmith/Error.h"
#include "export/ImageFile.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <fstream>

namespace tst_ImageFile {

using namespace framesmith;

class TestImageFile : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void readsThePngOfTheFixtures()
    {
        RgbImage image = ImageFile::read(test::cogvideoxFixture("golden/tiny-5b-i2v/image.png"));
        QCOMPARE(image.width, 96);
        QCOMPARE(image.height, 64);
        QCOMPARE(image.rgb.size(), std::size_t(96 * 64 * 3));
    }

    void namesMissingAndBrokenFiles()
    {
        try {
            ImageFile::read("/nonexistent/start.png");
            QFAIL("no exception");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::MissingFile);
            QVERIFY(QString(e.what()).contains("start.png"));
        }
        QTemporaryDir dir;
        const std::string path = dir.filePath("broken.png").toStdString();
        std::ofstream(path) << "\x89PNG\r\n\x1a\n this is not an image";
        QVERIFY_THROWS_EXCEPTION(FileError, ImageFile::read(path));
    }

    // An image with more pixels than a start frame can use is refused from its header, before a
    // decoder allocates it (a 1.2 MB PNG of 16000 x 16000 pixels cost 6.9 GB of memory).
    void refusesImagesAboveThePixelLimit()
    {
        const std::string path = test::sourceDir() + "/tests/fixtures/images/gray-7000x7000.png";
        try {
            ImageFile::read(path);
            QFAIL("a 49-megapixel start image was decoded");
        } catch (const FileError& e) {
            QCOMPARE(e.code(), ErrorCode::BadFile);
            QVERIFY2(QString(e.what()).contains("7000 x 7000 pixels") && QString(e.what()).contains("40 million"),
                     e.what());
        }
    }

    // Headers that declare 20000 x 20000 pixels (no data behind them) name the size, not "End of file".
    void refusesDeclaredHugeSizesWithoutDecoding_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("size");
        QByteArray png("\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\x4e\x20\0\0\x4e\x20\x08\x02\0\0\0", 29);
        QTest::newRow("png") << png << "20000 x 20000 pixels";
        // fuzz_start_image's first finding: 4294967295 x 4294967295 overflowed the pixel product.
        QTest::newRow("png, 2^32-1 sides") << QByteArray::fromBase64("iVBORw0KGgoAAAANSUhEUoAn//////////9nxIlQMjU3Y29sb3JORw==")
                                             << "2150105087 x 4294967295 pixels";
        QByteArray jpeg("\xff\xd8\xff\xe0\0\x04\0\0\xff\xc0\0\x11\x08\x4e\x20\x4e\x20\x03", 18);
        QTest::newRow("jpeg") << jpeg << "20000 x 20000 pixels";
    }
    void refusesDeclaredHugeSizesWithoutDecoding()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, size);
        QTemporaryDir dir;
        const std::string path = dir.filePath("huge.img").toStdString();
        std::ofstream(path, std::ios::binary).write(bytes.constData(), bytes.size());
        try {
            ImageFile::read(path);
            QFAIL("no exception");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains(size), e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestImageFile)

} // namespace tst_ImageFile
#include "tst_ImageFile.moc"
