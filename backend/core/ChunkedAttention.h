#pragma once
// Unmasked softmax(q k^T / sqrt(d)) v that never holds more than a budget of attention scores.
// On CUDA with libtorch 2.x scaled_dot_product_attention's fused kernels (flash / memory-efficient)
// are used; elsewhere queries are processed in chunks so one chunk's [heads, rows, keys] scores stay
// within the budget (the full 5b score matrix at 49 x 480 x 720 would be ~60 GB). The CPU keeps the
// chunked path on 2.x too, by measurement (hasFusedKernel). Any thread; stateless.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <string>

namespace framesmith {

enum class AttentionKernel {
    Auto,    // the path measured best for this libtorch and device (ChunkedAttention::hasFusedKernel)
    Fused,   // at::scaled_dot_product_attention; refused where this libtorch has none (1.x)
    Chunked, // the query-chunked math path
};

struct AttentionOptions {
    std::int64_t scoreBudgetBytes = 256ll << 20; // per chunk of scores in the math path
    AttentionKernel kernel = AttentionKernel::Auto;
};

class ChunkedAttention {
public:
    // q, k, v: [B, H, S, d] (q may have another length than k/v) -> [B, H, Sq, d]. The fused
    // kernel's result is a view of token-major [B, Sq, H, d] storage (callers' transpose(1, 2) and
    // reshape to [B, Sq, H * d] then copy nothing); the math path's is contiguous.
    static at::Tensor compute(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                              const AttentionOptions& options = {});
    // The query-chunked math path alone (exposed for tests and for 1.13 builds).
    static at::Tensor chunkedMath(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                  std::int64_t scoreBudgetBytes);
    // The unchunked math path: materialises all scores (reference for tests only).
    static at::Tensor fullMath(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v);
    // Whether compute() would take a fused kernel for tensors like `q`.
    static bool usesFusedKernel(const at::Tensor& q, const AttentionOptions& options);
    // Whether AttentionKernel::Auto takes the fused kernel on a device (cuda: true, false: the
    // CPU) with this libtorch; the planner asks this so its attention term follows the kernel
    // compute() will run. The rule and the measurement behind it are in the .cpp.
    static bool hasFusedKernel(bool cuda);
    // Whether this libtorch has at::scaled_dot_product_attention at all (AttentionKernel::Fused).
    static bool fusedKernelAvailable();
    // Parses "auto", "fused" or "chunked" (a command-line switch); throws InvalidRequestError
    // naming `field` otherwise, or for "fused" where fusedKernelAvailable() is false.
    static AttentionKernel parseKernel(const std::string& name, const std::string& field);
};

} // namespace framesmith
