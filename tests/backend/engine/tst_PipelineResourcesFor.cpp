// Where a preset runs: the GPU in the preset's dtype when there is one and the run may use it, the
// CPU in float32 otherwise. `--device cpu` on a machine with a GPU stays on the CPU (the fixture
// pipelines' float32 reference runs ran on the GPU in bfloat16 on the first GPU loan).
#include "engine/PipelineResourcesFor.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_PipelineResourcesFor {

using namespace framesmith;

class TestPipelineResourcesFor : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cpuRequestKeepsAMachineWithAGpuOnTheCpu()
    {
        QVERIFY(!PipelineResourcesFor::mayUseGpu(true, "cpu"));
        QVERIFY(PipelineResourcesFor::mayUseGpu(true, "auto"));
        QVERIFY(PipelineResourcesFor::mayUseGpu(true, "cuda:1"));
        QVERIFY(!PipelineResourcesFor::mayUseGpu(false, "cuda"));
    }

    void gpuPresetRunsOnTheGpuInItsDtype()
    {
        MemoryPreset preset;
        preset.dtype = ComputeDtype::BFloat16;
        preset.textEncoder = Placement::Cpu;
        const PipelineResources r = PipelineResourcesFor::preset(preset, PipelineResourcesFor::mayUseGpu(true, "auto"));
        QVERIFY(r.device.is_cuda());
        QCOMPARE(r.dtype, c10::kBFloat16);
        QVERIFY(r.textEncoderDevice.is_cpu());
    }

    void cpuRequestComputesInFloat32()
    {
        MemoryPreset preset;
        preset.dtype = ComputeDtype::BFloat16;
        const PipelineResources r = PipelineResourcesFor::preset(preset, PipelineResourcesFor::mayUseGpu(true, "cpu"));
        QVERIFY(r.device.is_cpu());
        QVERIFY(r.textEncoderDevice.is_cpu());
        QCOMPARE(r.dtype, c10::kFloat);
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestPipelineResourcesFor)

} // namespace tst_PipelineResourcesFor
#include "tst_PipelineResourcesFor.moc"
