// Start images decode through FFmpeg to the reference's exact uint8 RGB; bad files are named.
#include "framesmith/Error.h"
#include "pipeline/ImageFile.h"
#include "support/TestPaths.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <fstream>

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
};

QTEST_GUILESS_MAIN(TestImageFile)
#include "tst_ImageFile.moc"
