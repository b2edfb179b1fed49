// PromptPanel: an empty prompt is warned about; the token count shows against the model's limit
// and turns red past it; the model box says what the check found (with the family's frame rule);
// the negative prompt and the demo warning follow what the model's family says.
#include "ui/form/PromptPanel.h"
#include "support/TestRegistry.h"

#include <QLabel>
#include <QSignalSpy>
#include <QToolButton>
#include <QPlainTextEdit>
#include <QTest>

namespace tst_PromptPanel {

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

    // References come only from a job or a History entry: shown, carried into the request (a
    // regeneration keeps them) and cleared with one click.
    void referencesAreShownCarriedAndCleared()
    {
        PromptPanel panel;
        auto* label = panel.findChild<QLabel*>(QStringLiteral("referencesLabel"));
        auto* clear = panel.findChild<QToolButton*>(QStringLiteral("clearReferencesButton"));
        QVERIFY(label->isHidden() && clear->isHidden());
        framesmith::GenerationRequest r;
        r.references = {"/clips/fox.mp4", "/stills/snow.png"};
        r.conditioning = "0,0,-5,0,5;0,1";
        panel.write(r);
        QVERIFY(!label->isHidden() && !clear->isHidden());
        QVERIFY2(label->text().contains(QStringLiteral("2 reference")), qPrintable(label->text()));
        QVERIFY(label->text().contains(QStringLiteral("fox.mp4, snow.png")));
        QVERIFY(label->text().contains(QStringLiteral("0,0,-5,0,5;0,1")));
        framesmith::GenerationRequest back;
        panel.readInto(back);
        QCOMPARE(back.references, r.references);
        QCOMPARE(back.conditioning, r.conditioning);
        QSignalSpy changed(&panel, &PromptPanel::changed);
        QTest::mouseClick(clear, Qt::LeftButton);
        QCOMPARE(changed.count(), 1);
        QVERIFY(label->isHidden());
        panel.readInto(back);
        QVERIFY(back.references.empty() && back.conditioning.empty());
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
        model.modelSpec.frames.runs = {{9, 161, 8}};
        model.modelSpec.supportsStartImage = false;
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
        QCOMPARE(info->text(), QStringLiteral("CogVideoX-2b, text-to-video: frames 8N+1 (9–161)"));
        model.modelSpec.supportsStartImage = true; // takes a start image without needing one (Open-Sora 1.2)
        panel.showModel(model);
        QVERIFY2(info->text().contains(QStringLiteral("text or image to video")), qPrintable(info->text()));
    }

    void negativePromptAndDemoWarningFollowTheFamily()
    {
        PromptPanel panel;
        auto* negative = panel.findChild<QPlainTextEdit*>(QStringLiteral("negativePromptEdit"));
        auto* demo = panel.findChild<QLabel*>(QStringLiteral("demoWarningLabel"));
        ModelFolderProbe model;
        model.state = ModelFolderProbe::State::Ready;
        model.isDemo = true;
        model.weightsUrl = QStringLiteral("https://example.org/family/weights");
        model.modelSpec.supportsNegativePrompt = false;
        panel.showModel(model);
        QVERIFY(!negative->isEnabled());
        QVERIFY(negative->toolTip().contains(QStringLiteral("no negative prompt")));
        QVERIFY(!demo->isHidden());
        QVERIFY2(demo->text().contains(QStringLiteral("href=\"https://example.org/family/weights\"")) &&
                     demo->text().contains(QStringLiteral(">example.org/family/weights<")),
                 qPrintable(demo->text()));
        model.modelSpec.supportsNegativePrompt = true;
        model.isDemo = false;
        panel.showModel(model);
        QVERIFY(negative->isEnabled());
        QVERIFY(demo->isHidden());
    }
};

FRAMESMITH_TEST_MAIN(tst_PromptPanel)

} // namespace tst_PromptPanel
#include "tst_PromptPanel.moc"
