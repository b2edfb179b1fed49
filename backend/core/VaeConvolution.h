#pragma once
// The VAEs' convolutions (every family's), with the engine chosen by size rather than by ATen's
// guess.
//
// On the CPU, ATen sends a float conv of batch 1 to oneDNN only when N*C*D*H > 20480
// (ConvParams::use_mkldnn, libtorch 1.13-2.x); below that slow_conv3d unfolds its whole input
// (27 x) and multiplies, 2-8x slower on the VAE's shapes (docs/benchmarks.md, "VAE") and the
// unfold dominates the decode's memory. oneDNN's speed per output frame hardly depends on the
// window, so float convs go to oneDNN directly whenever it is built in and enabled; the frame
// windows then only bound memory. The small 1x1x1 ones go there too: ATen would unfold them into
// a threaded OpenBLAS GEMM, whose worker thread then spins in sched_yield for ~0.1 s beside the
// OpenMP threads (6 % of the decode, docs/benchmarks.md). Elsewhere (CUDA/cuDNN, other dtypes)
// ATen dispatches as usual.
#include <ATen/core/Tensor.h>

namespace framesmith {

class VaeConvolution {
public:
    // at::conv3d(input, weight, bias, stride, padding), dilation 1, one group.
    static at::Tensor run(const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias,
                          at::IntArrayRef stride, at::IntArrayRef padding);
    // `weight` reordered once into oneDNN's layout for run()s on inputs like `input`, so that a
    // convolution in frame windows does not reorder it again for every window (the windows of a
    // 64 x 96 decode hold one output frame each). `weight` itself off the direct oneDNN path.
    static at::Tensor prepackedWeight(const at::Tensor& input, const at::Tensor& weight, at::IntArrayRef stride,
                                      at::IntArrayRef padding);
    // Whether `input`'s convolutions go to oneDNN directly (CPU, float, oneDNN available and on).
    static bool isDirectOneDnn(const at::Tensor& input);
};

} // namespace framesmith
