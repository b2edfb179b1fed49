// The resolution / aspect-ratio / frame-count tables against the reference's own
// (golden/aspect.json, dumped from opensora/datasets/aspect.py), and the lookups built on them.
#include "models/opensora/OpenSoraAspectTables.h"
#include "support/TestPaths.h"
#include "support/TestRegistry.h"

#include <nlohmann/json.hpp>
#include <QtTest/QtTest>

#include <fstream>

namespace tst_OpenSoraAspectTables {

using namespace framesmith;

namespace {

nlohmann::json golden()
{
    std::ifstream in(test::fixturesDir() + "/opensora/golden/aspect.json");
    return nlohmann::json::parse(in);
}

} // namespace

class TestOpenSoraAspectTables : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resolutionTablesEqualTheReference()
    {
        const auto ref = golden()["ASPECT_RATIOS"];
        QCOMPARE(OpenSoraAspectTables::resolutions().size(), ref.size());
        for (const OpenSoraResolution& r : OpenSoraAspectTables::resolutions()) {
            QVERIFY2(ref.contains(r.name), r.name.c_str());
            const auto& table = ref[r.name];
            QCOMPARE(r.numPixels, table["num_pixels"].get<long long>());
            QCOMPARE(r.sizes.size(), table["sizes"].size());
            for (const OpenSoraAspectSize& s : r.sizes) {
                const auto& hw = table["sizes"].at(s.ratioKey);
                QCOMPARE(s.height, hw[0].get<int>());
                QCOMPARE(s.width, hw[1].get<int>());
            }
        }
    }

    void namedRatiosAndFrameCountsEqualTheReference()
    {
        const auto ref = golden();
        QCOMPARE(OpenSoraAspectTables::aspectRatioMap().size(), ref["ASPECT_RATIO_MAP"].size());
        for (const auto& [name, key] : OpenSoraAspectTables::aspectRatioMap())
            QCOMPARE(key, ref["ASPECT_RATIO_MAP"].at(name).get<std::string>());
        QCOMPARE(OpenSoraAspectTables::numFramesMap().size(), ref["NUM_FRAMES_MAP"].size());
        for (const auto& [name, frames] : OpenSoraAspectTables::numFramesMap())
            QCOMPARE(frames, ref["NUM_FRAMES_MAP"].at(name).get<int>());
    }

    void imageSizeFollowsGetImageSize()
    {
        auto sample = OpenSoraAspectTables::imageSize("240p", "9:16"); // sample.py's default: landscape
        QVERIFY(sample);
        QCOMPARE(sample->height, 240);
        QCOMPARE(sample->width, 426);
        auto byKey = OpenSoraAspectTables::imageSize("720p", "1.78");
        QVERIFY(byKey);
        QCOMPARE(byKey->height, 1280);
        QCOMPARE(byKey->width, 720);
        QVERIFY(!OpenSoraAspectTables::imageSize("240p", "7:5"));
        QVERIFY(!OpenSoraAspectTables::imageSize("333p", "9:16"));
    }

    void numFramesFollowsGetNumFrames()
    {
        QCOMPARE(OpenSoraAspectTables::numFrames("2s").value(), 51);
        QCOMPARE(OpenSoraAspectTables::numFrames("4x").value(), 204);
        QCOMPARE(OpenSoraAspectTables::numFrames("68").value(), 68);
        QCOMPARE(OpenSoraAspectTables::numFrames(" 17 ").value(), 17);
        QVERIFY(!OpenSoraAspectTables::numFrames("ten"));
        QVERIFY(!OpenSoraAspectTables::numFrames(""));
        QVERIFY(!OpenSoraAspectTables::numFrames("99999999999"));
    }

    void presetsCoverTheVideoResolutions()
    {
        const auto presets = OpenSoraAspectTables::presets();
        // 144p ... 4k have a size for each of the 17 named ratios; the square-budget tables do not.
        QCOMPARE(presets.size(), std::size_t(8 * 17));
        bool found = false;
        for (const auto& p : presets)
            found |= p.resolution == "240p" && p.aspectRatio == "9:16" && p.height == 240 && p.width == 426;
        QVERIFY(found);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestOpenSoraAspectTables)

} // namespace tst_OpenSoraAspectTables
#include "tst_OpenSoraAspectTables.moc"
