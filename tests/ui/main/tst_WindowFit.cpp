// At QT_SCALE_FACTOR=1.5 the screen holds fewer logical pixels: a window restored from a size saved
// larger (or the 800 × 600 minimum) must still fit the screen's available area, and sit inside it.
#include "ui/main/MainWindow.h"
#include "ui/settings/AppSettings.h"

#include <QApplication>
#include <QScreen>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

class tst_WindowFit : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
        QCOMPARE(qgetenv("QT_SCALE_FACTOR"), QByteArray("1.5"));
    }

    void aRestoredWindowFitsTheScaledScreen()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("fit.ini")));
        {
            MainWindow before(settings);
            before.show();
            before.setGeometry(40, 40, 1400, 900); // saved at another scale, or on a larger screen
            before.close();
        }
        MainWindow window(settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        // Two pixels for the rounding of a fractional scale (800 physical pixels are 533.3 logical).
        const QRect available = window.screen()->availableGeometry().adjusted(-2, -2, 2, 2);
        QVERIFY2(available.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("window %1,%2 %3x%4 on a screen of %5x%6")
                                .arg(window.frameGeometry().x())
                                .arg(window.frameGeometry().y())
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())
                                .arg(available.width())
                                .arg(available.height())));
    }
};

int main(int argc, char* argv[])
{
    qputenv("QT_SCALE_FACTOR", "1.5"); // before the application reads it
    QApplication app(argc, argv);
    tst_WindowFit test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_WindowFit.moc"
