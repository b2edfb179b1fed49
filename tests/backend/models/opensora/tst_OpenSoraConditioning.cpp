// OpenSoraConditioning: which references a request names (the start image first) and its default
// strategy, the refusals before any file or model is read, and apply_mask_strategy on latents:
// the references' frames written over the noise and the frame mask, later entries winning.
#include "framesmith/Error.h"
#include "models/opensora/conditioning/OpenSoraConditioning.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_OpenSoraConditioning {

using namespace framesmith;

namespace {

QString refusal(const GenerationRequest& r, bool startImage)
{
    try {
        OpenSoraConditioning::fromRequest(r, startImage);
    } catch (const InvalidRequestError& e) {
        return QString::fromStdString(e.field());
    }
    return {};
}

} // namespace

class TestOpenSoraConditioning : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void startImageAloneIsStrategyZero()
    {
        GenerationRequest r;
        r.startImagePath = "/tmp/start.png";
        const OpenSoraConditioning c = OpenSoraConditioning::fromRequest(r, true);
        QCOMPARE(int(c.referencePaths().size()), 1);
        QCOMPARE(int(c.strategy().entries.size()), 1);
        QCOMPARE(c.strategy().entries[0].editRatio, 0.0);
        QVERIFY(OpenSoraConditioning::fromRequest(GenerationRequest{}, false).empty());
    }

    void referencesFollowTheStartImage()
    {
        GenerationRequest r;
        r.references = {"a.mp4", "b.png"};
        r.conditioning = "0,2,0,-1,1";
        const OpenSoraConditioning c = OpenSoraConditioning::fromRequest(r, true);
        QCOMPARE(c.referencePaths(), (std::vector<std::string>{"", "a.mp4", "b.png"}));
        QCOMPARE(refusal(r, false), QString("conditioning")); // without the image, index 2 is past the end
    }

    void refusalsNameTheField()
    {
        GenerationRequest r;
        r.references = {"a.mp4"};
        QCOMPARE(refusal(r, false), QString("conditioning")); // references need a strategy
        r.conditioning = "0,0,0,0,1,2";
        QCOMPARE(refusal(r, false), QString("conditioning"));
        r.conditioning = "0";
        QCOMPARE(refusal(r, false), QString());
        r.references = {""};
        QCOMPARE(refusal(r, false), QString("references"));
        r.references.clear();
        QCOMPARE(refusal(r, false), QString("conditioning")); // reference 0 of none
    }

    void missingReferenceFileIsNamed()
    {
        GenerationRequest r;
        r.references = {"/nonexistent/ref.mp4"};
        r.conditioning = "0";
        const OpenSoraConditioning c = OpenSoraConditioning::fromRequest(r, true); // the start image is not probed
        try {
            c.probeFiles();
            QFAIL("a missing reference passed the probe");
        } catch (const FileError& e) {
            QVERIFY2(QString(e.what()).contains("/nonexistent/ref.mp4"), e.what());
        }
    }

    void applyWritesTheFramesAndTheMask()
    {
        GenerationRequest r;
        r.references = {"video.mp4"};
        r.conditioning = "0,0,0,0,1,0;0,1,-2,3,5,0.4;0,1,0,4,1,0.7";
        const OpenSoraConditioning c = OpenSoraConditioning::fromRequest(r, true);
        at::Tensor z = at::randn({1, 4, 6, 2, 3});
        const at::Tensor noise = z.clone();
        const std::vector<at::Tensor> refs = {at::randn({4, 1, 2, 3}), at::randn({4, 5, 2, 3})};
        const at::Tensor mask = c.apply(z, refs);
        QCOMPARE(mask.sizes(), (at::IntArrayRef{1, 6}));
        const std::vector<float> expected = {0.0f, 1.0f, 1.0f, 0.4f, 0.7f, 1.0f};
        for (int t = 0; t < 6; ++t)
            QCOMPARE(mask[0][t].item<float>(), expected[t]);
        QVERIFY(at::equal(z[0].select(1, 0), refs[0].select(1, 0)));
        QVERIFY(at::equal(z[0].select(1, 3), refs[1].select(1, 3))); // reference frames 3, 4 at 3, 4
        QVERIFY(at::equal(z[0].select(1, 4), refs[1].select(1, 0))); // then the last entry's frame 0 at 4
        for (int t : {1, 2, 5})
            QVERIFY(at::equal(z[0].select(1, t), noise[0].select(1, t)));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraConditioning)

} // namespace tst_OpenSoraConditioning
#include "tst_OpenSoraConditioning.moc"
