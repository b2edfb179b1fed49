// PromptPanel: an empty prompt is warned about; the token count shows against the model's limit
// and turns red past it; the model box says what the check found.
#include "ui/PromptPanel.h"

#include <QLabel>
#include <QPlainTextEdit>
#include <QTest>

class tst_PromptPanel : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void emptyPromptIsWarnedAbout()
    {
        PromptPanel panel;
        QVERIFY(panel.isEmptyPromptWarningShown());
        panel.findChild<QPlainTextEdit*>(QStringLiteral("promptEdit"))->setPlainText(QStringLiteral("a fox"));
        QVERIFY(!panel.isEmptyPromptWarningShown());
        panel.findChild<QPlainTextEdit*>(QStringLiteral("promptEdit"))->setPlainText(QStringLiteral("   \n"));
        QVERIFY(panel.isEmptyPromptWarningShown());
    }

    void tokenCountShowsTheLimit()
    {
        PromptPanel panel;
        auto* label = panel.findChild<QLabel*>(QStringLiteral("tokenCountLabel"));
        panel.setTokenCount(0, 0);
        QVERIFY(label->isHidden()); // no tokenizer: nothing to say
        panel.setTokenCount(12, 226);
        QCOMPARE(panel.tokenCountText(), QStringLiteral("12 / 226 tokens"));
        QVERIFY(!label->isHidden());
        QVERIFY(label->styleSheet().isEmpty());
        panel.setTokenCount(240, 226);
        QVERIFY(label->styleSheet().contains(QStringLiteral("#b3261e")));
        QVERIFY(label->toolTip().contains(QStringLiteral("cut off")));
    }

    void modelBoxSaysWhatTheCheckFound()
    {
        PromptPanel panel;
        auto* info = panel.findChild<QLabel*>(QStringLiteral("modelInfoLabel"));
        ModelFolderProbe model;
        model.state = ModelFolderProbe::State::Checking;
        model.displayName = QStringLiteral("CogVideoX-2b");
        panel.showModel(model);
        QVERIFY(info->text().contains(QStringLiteral("checking")));
        model.state = ModelFolderProbe::State::Damaged;
        model.problems = {QStringLiteral("/m/vae/diffusion_pytorch_model.safetensors: truncated")};
        panel.showModel(model);
        QVERIFY2(info->text().contains(QStringLiteral("1 file")) && info->text().contains(QStringLiteral("truncated")),
                 qPrintable(info->text()));
        model.state = ModelFolderProbe::State::Ready;
        model.problems.clear();
        panel.showModel(model);
        QCOMPARE(info->text(), QStringLiteral("CogVideoX-2b, text-to-video"));
    }
};

QTEST_MAIN(tst_PromptPanel)
#include "tst_PromptPanel.moc"
