// One buffer per streamed block: every parameter becomes a view of it with its values, dtype and
// shape unchanged. Packed here into ordinary CPU bytes (pinning needs CUDA); the layout is the same.
#include "memory/placement/PinnedBlockStorage.h"

#include <ATen/ATen.h>
#include <QTest>

using namespace framesmith;

class tst_PinnedBlockStorage : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void packsEveryParameterIntoOneAlignedBuffer()
    {
        at::Tensor weight = at::randn({3, 5});                                   // 60 bytes
        at::Tensor bias = at::randn({7}).to(at::kBFloat16);                      // 14 bytes
        at::Tensor codes = at::randint(-128, 127, {4, 4}, at::kChar);            // 16 bytes
        at::Tensor scale = at::scalar_tensor(0.25, at::kFloat);                  // 0-dim
        at::Tensor strided = at::randn({6, 4}).t();                              // not contiguous
        at::Tensor unset;
        const std::vector<at::Tensor> before = {weight.clone(), bias.clone(), codes.clone(), scale.clone(),
                                                strided.clone()};
        std::vector<ParameterSlot> slots = {{"w", {3, 5}, &weight}, {"b", {7}, &bias}, {"q", {4, 4}, &codes},
                                            {"s", {}, &scale},      {"unset", {}, &unset}, {"t", {4, 6}, &strided}};
        at::Tensor buffer;
        std::int64_t requested = 0;
        PinnedBlockStorage::pack(slots, [&](std::int64_t bytes) {
            requested = bytes;
            return buffer = at::empty({bytes}, at::kByte);
        });

        QCOMPARE(requested, std::int64_t(64 + 64 + 64 + 64 + 128)); // each view starts aligned
        QVERIFY(!unset.defined());
        const std::vector<at::Tensor*> packed = {&weight, &bias, &codes, &scale, &strided};
        const auto* base = static_cast<const char*>(buffer.data_ptr());
        for (std::size_t i = 0; i < packed.size(); ++i) {
            const at::Tensor& t = *packed[i];
            QVERIFY2(t.is_same_size(before[i]) && t.scalar_type() == before[i].scalar_type(), slots[i].name.c_str());
            QVERIFY2(at::equal(t, before[i]), slots[i].name.c_str());
            QVERIFY(t.storage().is_alias_of(buffer.storage()));
            const std::ptrdiff_t offset = static_cast<const char*>(t.data_ptr()) - base;
            QCOMPARE(offset % PinnedBlockStorage::kAlignment, std::ptrdiff_t(0));
        }
    }

    void leavesABlockWithoutWeightsAlone()
    {
        at::Tensor unset;
        std::vector<ParameterSlot> slots = {{"unset", {}, &unset}};
        bool allocated = false;
        PinnedBlockStorage::pack(slots, [&](std::int64_t bytes) {
            allocated = true;
            return at::empty({bytes}, at::kByte);
        });
        QVERIFY(!allocated);
    }
};

QTEST_GUILESS_MAIN(tst_PinnedBlockStorage)
#include "tst_PinnedBlockStorage.moc"
