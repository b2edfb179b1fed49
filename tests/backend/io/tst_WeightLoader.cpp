#include "core/Module.h"
#include "framesmith/Error.h"
#include "io/SafetensorsWriter.h"
#include "io/WeightLoader.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>

#include <QTemporaryDir>
#include <QTest>

namespace tst_WeightLoader {

using namespace framesmith;

namespace {

class Block : public Module {
public:
    Block()
    {
        registerParameter("weight", &weight, {4, 3});
        registerParameter("ids", &ids, {2});
    }
    at::Tensor weight, ids;
};

class Net : public Module {
public:
    Net() { block = registerModule("block", std::make_shared<Block>()); }
    std::shared_ptr<Block> block;
};

} // namespace

class tst_WeightLoader : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void loadsCastingFloatsAndKeepingIntegers()
    {
        const std::string path = file("good.safetensors", {4, 3}, true);
        Net net;
        WeightCheck check = loadWeights(net, WeightSource::open(path), at::kFloat, at::kCPU);
        QVERIFY(check.isLoadable());
        QCOMPARE(check.unexpected, std::vector<std::string>{"block.extra"});
        QCOMPARE(net.block->weight.scalar_type(), at::kFloat); // stored as F16
        QVERIFY(net.block->weight.equal(at::arange(12, at::kFloat).reshape({4, 3})));
        QCOMPARE(net.block->ids.scalar_type(), at::kLong);
        QVERIFY(check.describe().find("unexpected tensors (1): block.extra") != std::string::npos);
    }

    void mismatchNamesTensorShapesAndFile()
    {
        const std::string path = file("wrong.safetensors", {3, 4}, false);
        Net net;
        try {
            loadWeights(net, WeightSource::open(path), at::kFloat, at::kCPU);
            QFAIL("loaded mismatched weights");
        } catch (const ShapeError& e) {
            const std::string what = e.what();
            QVERIFY2(what.find("block.weight: expected [4, 3], got [3, 4] in wrong.safetensors") != std::string::npos,
                     e.what());
            QVERIFY2(what.find("missing tensors (1): block.ids") != std::string::npos, e.what());
            QVERIFY2(what.find("Checkpoint: " + path) != std::string::npos, e.what());
            QVERIFY(!net.block->weight.defined()); // nothing loaded when anything is wrong
        }
    }

    void checkWeightsReportsWithoutLoading()
    {
        Net net;
        WeightCheck check = checkWeights(net, WeightSource::open(file("check.safetensors", {2, 6}, true)));
        QCOMPARE(check.mismatched.size(), std::size_t(1));
        QVERIFY(check.missing.empty());
        QVERIFY(!check.isLoadable());
        QVERIFY(!net.block->weight.defined());
    }

private:
    std::string file(const std::string& name, std::vector<std::int64_t> weightShape, bool withIds)
    {
        SafetensorsWriter writer;
        writer.add("block.weight", at::arange(12, at::kFloat).reshape(weightShape).to(at::kHalf));
        if (withIds)
            writer.add("block.ids", at::tensor({3, 4}, at::kLong));
        writer.add("block.extra", at::ones({1}));
        const std::string path = (m_dir.path() + "/").toStdString() + name;
        writer.write(path);
        return path;
    }
    QTemporaryDir m_dir;
};

FRAMESMITH_TEST_GUILESS_MAIN(tst_WeightLoader)

} // namespace tst_WeightLoader
#include "tst_WeightLoader.moc"
