#pragma once
// Element-wise parity against golden tensors: |port - golden| <= atol + rtol * |golden|.
// On failure the report names the first bad index and the max abs/rel error.
#include <ATen/core/Tensor.h>

#include <string>

namespace framesmith::test {

struct ParityReport {
    bool ok = false;
    std::string message; // "name: shape [..] ok, max abs 1e-6, max rel 2e-5" or the first bad index
};

ParityReport compareTensors(const std::string& name, const at::Tensor& port, const at::Tensor& golden,
                            double atol, double rtol = 1e-4);

} // namespace framesmith::test

// QVERIFY2 with the report; use inside a Qt Test slot.
#define FRAMESMITH_EXPECT_PARITY(name, port, golden, atol)                                           \
    do {                                                                                           \
        auto fsReport = ::framesmith::test::compareTensors((name), (port), (golden), (atol));      \
        QVERIFY2(fsReport.ok, fsReport.message.c_str());                                           \
    } while (0)
