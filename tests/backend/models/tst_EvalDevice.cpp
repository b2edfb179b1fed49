// Where `eval` runs a case: the CPU in the case's dtype by default; FRAMESMITH_EVAL_DEVICE and
// FRAMESMITH_EVAL_DTYPE move it (the GPU runbook's parity step), and a device or dtype this build
// or machine cannot give is refused naming the variable, before any weight is read.
#include "framesmith/Error.h"
#include "memory/monitor/DeviceMemory.h"
#include "models/EvalDevice.h"
#include "support/TestRegistry.h"

#include <QtTest/QtTest>

namespace tst_EvalDevice {

using namespace framesmith;

class TestEvalDevice : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cleanup()
    {
        qunsetenv("FRAMESMITH_EVAL_DEVICE");
        qunsetenv("FRAMESMITH_EVAL_DTYPE");
    }

    void defaultIsTheCpuInTheCasesDtype()
    {
        QVERIFY(evalDevice().is_cpu());
        QCOMPARE(evalDtype(c10::kBFloat16), c10::kBFloat16);
        QCOMPARE(evalDtype(c10::kFloat), c10::kFloat);
    }

    void dtypeOverrideAndItsErrors()
    {
        qputenv("FRAMESMITH_EVAL_DTYPE", "bfloat16");
        QCOMPARE(evalDtype(c10::kFloat), c10::kBFloat16);
        qputenv("FRAMESMITH_EVAL_DTYPE", "double");
        try {
            evalDtype(c10::kFloat);
            QFAIL("an unknown dtype was accepted");
        } catch (const InvalidRequestError& e) {
            QVERIFY2(QString(e.what()).contains("FRAMESMITH_EVAL_DTYPE"), e.what());
        }
    }

    void aDeviceThisMachineCannotGiveIsRefused()
    {
        qputenv("FRAMESMITH_EVAL_DEVICE", "gpu0");
        QVERIFY_THROWS_EXCEPTION(InvalidRequestError, evalDevice());
        qputenv("FRAMESMITH_EVAL_DEVICE", "cuda");
        if (DeviceMemory::hasCuda()) { // a GPU machine: the runbook's case
            QVERIFY(evalDevice().is_cuda());
            return;
        }
        try {
            evalDevice();
            QFAIL("cuda was accepted without a GPU");
        } catch (const InvalidRequestError& e) {
            const QString message(e.what());
            QVERIFY2(message.contains("FRAMESMITH_EVAL_DEVICE"), e.what());
            QVERIFY2(message.contains(DeviceMemory::builtWithCuda() ? "no NVIDIA GPU" : "no CUDA"), e.what());
        }
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestEvalDevice)

} // namespace tst_EvalDevice
#include "tst_EvalDevice.moc"
