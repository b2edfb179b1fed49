// Switching to Simplified Chinese retranslates the whole window live: every visible text is
// walked and none may still be English (only names like GPU, fps or CogVideoX may stay); no label
// shows a literal '&'; Qt's own buttons are Chinese (qtbase_zh_CN); dates follow the locale; the
// player's labels change; and the switch never reloads a history entry over the edited form.
#include "ui/history/ExportDialog.h"
#include "ui/history/HistoryPanel.h"
#include "ui/history/HistoryStore.h"
#include "ui/main/MainWindow.h"
#include "ui/presets/PresetEditorDialog.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/AppTranslator.h"
#include "widgets/PreviewPlayer.h"
#include "widgets/QCustomPlotInclude.h"
#include "widgets/VramGraph.h"
#include "support/TestRegistry.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QGroupBox>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTextDocument>

namespace tst_MainWindowTranslation {

namespace {
// Words that are the same in every language: units, formats, product and model names.
const QSet<QString> kUniversal = {
    QStringLiteral("GPU"), QStringLiteral("CPU"), QStringLiteral("RAM"), QStringLiteral("VAE"), QStringLiteral("fps"),
    QStringLiteral("px"), QStringLiteral("GiB"), QStringLiteral("MiB"), QStringLiteral("CogVideoX"),
    QStringLiteral("Framesmith"), QStringLiteral("DDIM"), QStringLiteral("DPM"), QStringLiteral("Solver"),
    QStringLiteral("English"), QStringLiteral("Qt"), QStringLiteral("MP4"), QStringLiteral("CRF"), QStringLiteral("PNG"),
    QStringLiteral("CSV"), QStringLiteral("huggingface"), QStringLiteral("THUDM"), QStringLiteral("co"),
    QStringLiteral("LoRA")};

QString plain(const QString& text)
{
    if (!Qt::mightBeRichText(text))
        return text;
    QTextDocument document;
    document.setHtml(text);
    return document.toPlainText();
}

// Latin words of three letters or more that are not universal.
QStringList englishWords(const QString& text)
{
    static const QRegularExpression word(QStringLiteral("[A-Za-z]{3,}"));
    QStringList found;
    for (auto it = word.globalMatch(plain(text)); it.hasNext();) {
        const QString w = it.next().captured();
        if (!kUniversal.contains(w))
            found << w;
    }
    return found;
}
} // namespace

class tst_MainWindowTranslation : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    // Every text a user can see now, with where it is; data the user typed is not ours to translate.
    QStringList visibleTexts(QWidget& window) const
    {
        QStringList texts;
        const auto add = [&](const QObject* owner, const QString& text) {
            if (!text.isEmpty())
                texts << owner->objectName() + QStringLiteral(": ") + text;
        };
        for (auto* w : window.findChildren<QLabel*>())
            if (w->isVisibleTo(&window) && w->objectName() != QStringLiteral("modelInfoLabel"))
                add(w, w->text());
        for (auto* w : window.findChildren<QAbstractButton*>())
            if (w->isVisibleTo(&window))
                add(w, w->text());
        for (auto* w : window.findChildren<QGroupBox*>())
            if (w->isVisibleTo(&window))
                add(w, w->title());
        for (auto* w : window.findChildren<QComboBox*>()) {
            if (!w->isVisibleTo(&window))
                continue;
            // The model box lists models by their own names (data); only its last item is ours.
            const int first = w->objectName() == QStringLiteral("modelChoiceCombo") ? w->count() - 1 : 0;
            for (int i = first; i < w->count(); ++i) // no user presets here: every item is ours
                add(w, w->itemText(i));
        }
        for (auto* w : window.findChildren<QDockWidget*>())
            add(w, w->windowTitle());
        // The memory graph draws its own texts: axes, legend, stage bands.
        VramGraph* graph = window.findChild<VramGraph*>();
        add(graph, graph->plot()->xAxis->label());
        add(graph, graph->plot()->yAxis->label());
        for (const VramGraph::Series& series : graph->series())
            add(graph, series.label);
        for (int i = 0; i < graph->markerCount(); ++i)
            add(graph, graph->markerLabel(i));
        for (QAction* menu : static_cast<QMainWindow&>(window).menuBar()->actions()) {
            add(menu, menu->text());
            if (menu->menu())
                for (QAction* action : menu->menu()->actions())
                    add(action, action->text());
        }
        return texts;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        qputenv("FRAMESMITH_DATA_DIR", m_dir.filePath(QStringLiteral("data")).toUtf8());
    }

    void everyVisibleTextIsTranslatedLive()
    {
        AppSettings settings(m_dir.filePath(QStringLiteral("walk.ini")));
        AppTranslator translator;
        QVERIFY(translator.apply(QStringLiteral("en")));
        MainWindow window(settings, &translator);
        HistoryStore store(m_dir.filePath(QStringLiteral("history-root")));
        HistoryEntry entry;
        entry.createdAt = QDateTime(QDate(2026, 3, 4), QTime(15, 30));
        entry.request.prompt = "an old clip";
        entry.frameCount = 9;
        QVERIFY(store.add(entry, QImage()));
        window.setHistoryRoot(m_dir.filePath(QStringLiteral("history-root")));
        window.setModelFolder(QStringLiteral(FRAMESMITH_FIXTURES_DIR "/cogvideox/models/tiny-2b"));
        QTRY_VERIFY(window.isModelReady());
        auto edited = window.request();
        edited.prompt = "my unsaved edits";
        edited.frameCount = 10; // invalid: the validation line shows too
        window.setRequest(edited);
        window.historyDock()->show();
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(!englishWords(visibleTexts(window).join('\n')).isEmpty(), "the walk must see the English texts");

        window.findChild<QAction*>(QStringLiteral("actionLanguageChinese"))->trigger();
        QTRY_COMPARE(window.findChild<QAbstractButton*>(QStringLiteral("generateButton"))->text(), QStringLiteral("生成(&G)"));
        QStringList untranslated;
        for (const QString& text : visibleTexts(window))
            if (!englishWords(text.section(QStringLiteral(": "), 1)).isEmpty())
                untranslated << text;
        QVERIFY2(untranslated.isEmpty(), qPrintable(untranslated.join('\n')));

        // The switch did not reload the history entry over the edited form.
        QCOMPARE(framesmith::toJson(window.request()), framesmith::toJson(edited));
        // Dates in the locale's format, the player's labels in Chinese.
        const QString date = QLocale(QLocale::Chinese, QLocale::China).toString(entry.createdAt, QLocale::ShortFormat);
        QVERIFY2(window.historyPanel()->list()->item(0)->text().contains(date),
                 qPrintable(window.historyPanel()->list()->item(0)->text()));
        QVERIFY(!window.previewPlayer()->findChild<QCheckBox*>()->text().contains(QStringLiteral("Loop")));
        translator.apply(QStringLiteral("en"));
    }

    void noLabelShowsALiteralAmpersand()
    {
        for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            AppSettings settings(m_dir.filePath(QStringLiteral("amp.ini")));
            AppTranslator translator;
            QVERIFY(translator.apply(language));
            MainWindow window(settings, &translator);
            window.historyDock()->show();
            QStringList literal;
            for (auto* label : window.findChildren<QLabel*>()) {
                const QString text = plain(label->text()).replace(QStringLiteral("&&"), QString());
                if (!label->buddy() && text.contains(QLatin1Char('&')))
                    literal << label->objectName() + QStringLiteral(": ") + label->text();
            }
            for (auto* dock : window.findChildren<QDockWidget*>())
                if (dock->windowTitle().contains(QLatin1Char('&')))
                    literal << dock->windowTitle();
            PresetEditorDialog editor(QStringLiteral("24gb"), {}, {});
            ExportDialog exporter({96, 64, 1, false}, m_dir.path(), framesmith::ExportFormat::H264Mp4);
            for (QWidget* dialog : std::initializer_list<QWidget*>{&editor, &exporter})
                for (auto* label : dialog->findChildren<QLabel*>()) {
                    const QString text = plain(label->text()).replace(QStringLiteral("&&"), QString());
                    if (!label->buddy() && text.contains(QLatin1Char('&')))
                        literal << dialog->objectName() + QStringLiteral(": ") + label->text();
                }
            QVERIFY2(literal.isEmpty(), qPrintable(literal.join('\n')));
        }
    }

    void qtsOwnButtonsAreChinese()
    {
        AppTranslator translator;
        QVERIFY(translator.apply(QStringLiteral("zh_CN")));
        QVERIFY2(translator.hasQtTranslation(), "qtbase_zh_CN.qm (qt6-translations-l10n) must be installed");
        ExportDialog dialog({96, 64, 1, false}, m_dir.path(), framesmith::ExportFormat::H264Mp4);
        const auto* buttons = dialog.findChild<QDialogButtonBox*>();
        QCOMPARE(buttons->button(QDialogButtonBox::Cancel)->text(), QStringLiteral("取消"));
        QCOMPARE(QLocale().language(), QLocale::Chinese);
        // File dialogs too: Qt's own (translated), not the desktop's in the desktop's language.
        if (QLocale::system().language() != QLocale::Chinese)
            QVERIFY(QCoreApplication::testAttribute(Qt::AA_DontUseNativeDialogs));
        {
            QFileDialog files(nullptr, QString(), m_dir.path());
            files.setOption(QFileDialog::DontUseNativeDialog);
            const auto* lookIn = files.findChild<QLabel*>(QStringLiteral("lookInLabel"));
            QVERIFY(lookIn);
            QCOMPARE(lookIn->text(), QStringLiteral("查找范围："));
        }
        translator.apply(QStringLiteral("en"));
        QTRY_COMPARE(buttons->button(QDialogButtonBox::Cancel)->text().remove(QLatin1Char('&')), QStringLiteral("Cancel"));
    }
};

FRAMESMITH_TEST_MAIN(tst_MainWindowTranslation)

} // namespace tst_MainWindowTranslation
#include "tst_MainWindowTranslation.moc"
