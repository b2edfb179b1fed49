// WindowLayout: the window never gets smaller than 800x600, at which size no field is squeezed
// below what it needs; the player's scrub slider keeps its room with the History dock open; a
// restored dock that would take most of the window goes back to a sane width.
#include "ui/main/MainWindow.h"
#include "ui/main/WindowLayout.h"
#include "ui/settings/AppSettings.h"
#include "widgets/PreviewPlayer.h"
#include "support/TestRegistry.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

namespace tst_WindowLayout {

class tst_WindowLayout : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }

    void at800x600NoFieldIsSqueezed()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("small.ini")));
        MainWindow window(settings);
        window.resize(640, 480);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.width() >= WindowLayout::kMinimumSize.width() && window.height() >= WindowLayout::kMinimumSize.height());
        window.resize(WindowLayout::kMinimumSize);
        window.historyDock()->show();
        QTest::qWait(100);
        QStringList squeezed;
        const auto check = [&](QWidget* w) {
            if (!w->isVisibleTo(&window) || w->visibleRegion().isEmpty())
                return; // scrolled out of view is fine: it keeps its size there
            const QSize need = w->minimumSizeHint();
            if (w->width() < need.width() || w->height() < need.height())
                squeezed << QStringLiteral("%1 %2x%3 < %4x%5").arg(w->objectName()).arg(w->width()).arg(w->height())
                                .arg(need.width()).arg(need.height());
        };
        for (auto* w : window.findChildren<QAbstractSpinBox*>())
            check(w);
        for (auto* w : window.findChildren<QLineEdit*>())
            if (!qobject_cast<QAbstractSpinBox*>(w->parentWidget()))
                check(w);
        for (auto* w : window.findChildren<QComboBox*>())
            check(w);
        for (auto* w : window.findChildren<QPushButton*>())
            check(w);
        QVERIFY2(squeezed.isEmpty(), qPrintable(squeezed.join('\n')));
        QSlider* slider = window.previewPlayer()->slider();
        QVERIFY2(slider->width() >= PreviewPlayer::kMinimumSliderWidth, qPrintable(QString::number(slider->width())));
        QVERIFY(slider->width() >= window.previewPlayer()->width() * 9 / 10); // a row of its own
    }

    // At the first-launch layout the parameters fit their column; in a column narrower than its
    // fields (a small window) the part cut off at the right edge is reachable by a scroll bar.
    void theParametersAreNeverCutOff_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("fits");
        QTest::newRow("smallest window") << WindowLayout::kMinimumSize << false;
        QTest::newRow("the README's screenshot") << QSize(1320, 860) << true;
    }
    void theParametersAreNeverCutOff()
    {
        QFETCH(QSize, size);
        QFETCH(bool, fits);
        AppSettings settings(m_dir.filePath(QStringLiteral("fit-%1.ini").arg(size.width())));
        MainWindow window(settings);
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.historyDock()->show();
        QTest::qWait(100);
        auto* scroll = window.findChild<QScrollArea*>(QStringLiteral("parametersScroll"));
        QVERIFY(scroll && scroll->widget());
        const int content = scroll->widget()->width(), column = scroll->viewport()->width();
        const QString widths = QStringLiteral("content %1 px in a %2 px column").arg(content).arg(column);
        if (fits)
            QVERIFY2(content <= column, qPrintable(widths));
        QVERIFY2(content <= column || scroll->horizontalScrollBar()->isVisible(), qPrintable(widths));
    }

    void anOversizedDockIsBroughtBack()
    {
        const QString ini = m_dir.filePath(QStringLiteral("dock.ini"));
        {
            AppSettings settings(ini);
            MainWindow window(settings);
            window.resize(2400, 900);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            window.historyDock()->show();
            window.resizeDocks({window.historyDock()}, {2000}, Qt::Horizontal);
            QTest::qWait(50);
            QVERIFY2(window.historyDock()->width() > WindowLayout::kMaxDockShare * window.width(),
                     qPrintable(QString::number(window.historyDock()->width())));
            window.close();
        }
        AppSettings settings(ini);
        MainWindow window(settings);
        window.resize(1200, 800); // e.g. the same layout on a smaller screen
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(window.historyDock()->width() <= WindowLayout::kMaxDockShare * window.width());
    }
};

FRAMESMITH_TEST_MAIN(tst_WindowLayout)

} // namespace tst_WindowLayout
#include "tst_WindowLayout.moc"
