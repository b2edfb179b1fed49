// ExportDialog: proposes a new name with its extension in the given folder (never an existing
// file), keeps the extension in step with the format, asks before replacing a file, refuses a
// folder that is not there, and passes quality (CRF) and size on like the CLI's export.
#include "framesmith/VideoExport.h"
#include "ui/history/ExportDialog.h"
#include "support/TestRegistry.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>

namespace tst_ExportDialog {

namespace {
const ExportDialog::Clip kClip{96, 64, 42, true};

void touch(const QString& path)
{
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("x");
}
} // namespace

class tst_ExportDialog : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void proposesANewNameWithItsExtension()
    {
        touch(m_dir.filePath(QStringLiteral("framesmith-42.mp4")));
        ExportDialog dialog(kClip, m_dir.path(), framesmith::ExportFormat::H264Mp4);
        QCOMPARE(QDir::fromNativeSeparators(dialog.path()), m_dir.filePath(QStringLiteral("framesmith-42-2.mp4")));
        QCOMPARE(ExportDialog::uniquePath(m_dir.path(), QStringLiteral("other"), QStringLiteral(".mp4")),
                 m_dir.filePath(QStringLiteral("other.mp4")));
    }

    void extensionFollowsTheFormat()
    {
        ExportDialog dialog(kClip, m_dir.path(), framesmith::ExportFormat::H264Mp4);
        dialog.setPath(m_dir.filePath(QStringLiteral("fox.mp4")));
        if (framesmith::isExportFormatAvailable(framesmith::ExportFormat::Vp9WebM)) {
            dialog.setFormat(framesmith::ExportFormat::Vp9WebM);
            QCOMPARE(QDir::fromNativeSeparators(dialog.path()), m_dir.filePath(QStringLiteral("fox.webm")));
        }
        dialog.setFormat(framesmith::ExportFormat::Gif);
        QVERIFY(dialog.path().endsWith(QStringLiteral("fox.gif")));
        dialog.setFormat(framesmith::ExportFormat::PngSequence);
        QVERIFY(dialog.path().endsWith(QStringLiteral("fox")));
        // A name typed without extension gets the format's.
        dialog.setFormat(framesmith::ExportFormat::H264Mp4);
        dialog.setPath(m_dir.filePath(QStringLiteral("typed")));
        QCOMPARE(QString::fromStdString(dialog.options().path), m_dir.filePath(QStringLiteral("typed.mp4")));
    }

    void replacingAFileAsksFirst()
    {
        const QString existing = m_dir.filePath(QStringLiteral("keep-me.mp4"));
        touch(existing);
        ExportDialog dialog(kClip, m_dir.path(), framesmith::ExportFormat::H264Mp4);
        QSignalSpy chosen(&dialog, &ExportDialog::exportChosen);
        dialog.setPath(existing);
        dialog.tryExport();
        QMessageBox* question = dialog.findChild<QMessageBox*>(QStringLiteral("replaceBox"));
        QVERIFY(question);
        QCOMPARE(chosen.count(), 0);
        question->findChild<QAbstractButton*>(QStringLiteral("keepButton"))->click();
        QCOMPARE(chosen.count(), 0);
        QTRY_VERIFY(!dialog.findChild<QMessageBox*>(QStringLiteral("replaceBox")));
        dialog.tryExport();
        dialog.findChild<QMessageBox*>(QStringLiteral("replaceBox"))->findChild<QAbstractButton*>(QStringLiteral("replaceButton"))->click();
        QCOMPARE(chosen.count(), 1);
        QCOMPARE(QString::fromStdString(chosen.first().first().value<framesmith::ExportOptions>().path), existing);
    }

    void aNewFileNeedsNoQuestion()
    {
        ExportDialog dialog(kClip, m_dir.path(), framesmith::ExportFormat::H264Mp4);
        QSignalSpy chosen(&dialog, &ExportDialog::exportChosen);
        dialog.tryExport();
        QVERIFY(!dialog.findChild<QMessageBox*>(QStringLiteral("replaceBox")));
        QCOMPARE(chosen.count(), 1);
        QVERIFY(chosen.first().at(1).toBool()); // the trace goes along when the clip has one
    }

    void aMissingFolderIsRefusedWithTheReason()
    {
        ExportDialog dialog(kClip, m_dir.path(), framesmith::ExportFormat::H264Mp4);
        QSignalSpy chosen(&dialog, &ExportDialog::exportChosen);
        dialog.setPath(m_dir.filePath(QStringLiteral("no-such-folder/clip.mp4")));
        dialog.tryExport();
        QCOMPARE(chosen.count(), 0);
        QVERIFY2(dialog.errorText().contains(QStringLiteral("no-such-folder")), qPrintable(dialog.errorText()));
    }

    void qualityAndSizeLikeTheCli()
    {
        ExportDialog dialog(kClip, m_dir.path(), framesmith::ExportFormat::H264Mp4);
        QCOMPARE(dialog.options().quality, -1); // the format's default
        QCOMPARE(dialog.options().width, 0);    // as generated
        auto* quality = dialog.findChild<QSpinBox*>(QStringLiteral("qualitySpin"));
        QVERIFY(quality->isEnabled());
        QCOMPARE(quality->maximum(), framesmith::exportQuality(framesmith::ExportFormat::H264Mp4).maximum);
        quality->setValue(23);
        auto* size = dialog.findChild<QComboBox*>(QStringLiteral("sizeCombo"));
        size->setCurrentIndex(1); // half
        framesmith::ExportOptions options = dialog.options();
        QCOMPARE(options.quality, 23);
        QCOMPARE(options.width, 48);
        QCOMPARE(options.height, 32);
        size->setCurrentIndex(3); // custom
        dialog.findChild<QSpinBox*>(QStringLiteral("widthSpin"))->setValue(320);
        dialog.findChild<QSpinBox*>(QStringLiteral("heightSpin"))->setValue(240);
        QCOMPARE(dialog.options().width, 320);
        QCOMPARE(dialog.options().height, 240);
        dialog.setFormat(framesmith::ExportFormat::Gif); // no CRF
        QVERIFY(!quality->isEnabled());
        QCOMPARE(dialog.options().quality, -1);
    }
};

FRAMESMITH_TEST_MAIN(tst_ExportDialog)

} // namespace tst_ExportDialog
#include "tst_ExportDialog.moc"
