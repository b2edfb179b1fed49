#include "core/ChunkedAttention.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>
#include <torch/version.h>

#include <algorithm>
#include <cmath>

namespace framesmith {

namespace {

void checkShapes(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v)
{
    if (q.dim() != 4 || k.dim() != 4 || v.dim() != 4 || q.size(0) != k.size(0) || q.size(1) != k.size(1) ||
        q.size(3) != k.size(3) || !k.sizes().equals(v.sizes()))
        throw ShapeError("attention: expected q [B, H, Sq, d] and k, v [B, H, Sk, d], got q " +
                         std::string(c10::str(q.sizes())) + ", k " + c10::str(k.sizes()) + ", v " +
                         c10::str(v.sizes()));
}

} // namespace

// The rule, by measurement (docs/benchmarks.md, "libtorch 1.13 against 2.6 on the CPU";
// bench/libtorch-versions.sh): CUDA takes SDPA from 2.0 (flash / memory-efficient kernels, no score
// matrix, faster than any chunking). The CPU takes the chunked math path on every version: 1.x has
// no SDPA, 2.0's CPU SDPA is the materialising math kernel, and 2.1+'s CPU flash kernel, although it
// holds no scores (81 / 224 MiB of activation on the 2b / 5b-mid steps against 335 / 478 MiB), was
// slower than the chunked path in the same 2.6 build in every round: by 4-8 % on a quiet machine,
// by 1.8-3.5x under load. It hands its small block GEMMs to BLAS from inside ATen's thread pool, and
// Debian's OpenBLAS (pthreads) then runs threads inside threads that spin on a busy machine. The
// chunked path's memory is bounded by AttentionOptions::scoreBudgetBytes, which the planner counts
// whenever this returns false, so its forecast stays true for the path taken.
bool ChunkedAttention::hasFusedKernel(bool cuda)
{
#if TORCH_VERSION_MAJOR >= 2
    return cuda;
#else
    (void)cuda;
    return false;
#endif
}

bool ChunkedAttention::fusedKernelAvailable()
{
    return TORCH_VERSION_MAJOR >= 2;
}

AttentionKernel ChunkedAttention::parseKernel(const std::string& name, const std::string& field)
{
    if (name == "auto")
        return AttentionKernel::Auto;
    if (name == "chunked")
        return AttentionKernel::Chunked;
    if (name != "fused")
        throw InvalidRequestError(field, "expected auto, fused or chunked, got '" + name + "'");
    if (!fusedKernelAvailable())
        throw InvalidRequestError(field, std::string("libtorch ") + TORCH_VERSION +
                                             " has no fused attention kernel (scaled_dot_product_attention "
                                             "needs libtorch 2.0 or later); use auto or chunked");
    return AttentionKernel::Fused;
}

bool ChunkedAttention::usesFusedKernel(const at::Tensor& q, const AttentionOptions& options)
{
    switch (options.kernel) {
    case AttentionKernel::Chunked:
        return false;
    case AttentionKernel::Fused:
        return fusedKernelAvailable();
    case AttentionKernel::Auto:
        break;
    }
    return (q.is_cuda() || q.is_cpu()) && hasFusedKernel(q.is_cuda());
}

at::Tensor ChunkedAttention::compute(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                     const AttentionOptions& options)
{
    checkShapes(q, k, v);
    if (options.kernel == AttentionKernel::Fused && !fusedKernelAvailable())
        parseKernel("fused", "attention"); // throws the error that names the version
#if TORCH_VERSION_MAJOR >= 2
    if (usesFusedKernel(q, options))
        return at::scaled_dot_product_attention(q, k, v); // token-major storage: see the header
#endif
    return chunkedMath(q, k, v, options.scoreBudgetBytes);
}

at::Tensor ChunkedAttention::fullMath(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v)
{
    checkShapes(q, k, v);
    const double scale = 1.0 / std::sqrt(static_cast<double>(q.size(3)));
    at::Tensor scores = at::matmul(q, k.transpose(-1, -2)).mul_(scale);
    return at::matmul(at::softmax(scores, -1), v);
}

at::Tensor ChunkedAttention::chunkedMath(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v,
                                         std::int64_t scoreBudgetBytes)
{
    checkShapes(q, k, v);
    const std::int64_t B = q.size(0), H = q.size(1), Sq = q.size(2), Sk = k.size(2), d = q.size(3);
    const std::int64_t BH = B * H;
    const double scale = 1.0 / std::sqrt(static_cast<double>(d));
    at::Tensor q3 = q.reshape({BH, Sq, d});
    at::Tensor kT = k.reshape({BH, Sk, d}).transpose(1, 2); // [BH, d, Sk]: a transposed GEMM operand
    at::Tensor v3 = v.reshape({BH, Sk, d});
    at::Tensor out = at::empty({BH, Sq, d}, q.options());

    // Whole query rows of as many heads as fit; when one head does not fit, chunk its rows.
    const std::int64_t budgetElements = std::max<std::int64_t>(1, scoreBudgetBytes / q.element_size());
    const std::int64_t rows = std::clamp<std::int64_t>(budgetElements / Sk, 1, Sq);
    const std::int64_t heads = std::clamp<std::int64_t>(budgetElements / (rows * Sk), 1, BH);
    // One flat buffer each for scores and (when rows are chunked) the chunk's output: a last,
    // smaller chunk is a contiguous view of the buffer's front, not a second allocation.
    at::Tensor scores = at::empty({heads * rows * Sk}, q.options());
    at::Tensor chunkOut = rows == Sq ? at::Tensor() : at::empty({heads * rows * d}, q.options());
    for (std::int64_t h0 = 0; h0 < BH; h0 += heads) {
        const std::int64_t g = std::min(heads, BH - h0);
        for (std::int64_t r0 = 0; r0 < Sq; r0 += rows) {
            const std::int64_t c = std::min(rows, Sq - r0);
            at::Tensor s = scores.narrow(0, 0, g * c * Sk).view({g, c, Sk});
            // Whole rows of g heads are a contiguous slice of `out`: write there directly.
            at::Tensor o = c == Sq ? out.narrow(0, h0, g) : chunkOut.narrow(0, 0, g * c * d).view({g, c, d});
            // bmm then scale, not baddbmm(beta=0): libtorch 1.13's small-matrix CPU kernel reads the
            // (uninitialised) output even with beta 0, and 0 * NaN poisoned whole rows.
            at::bmm_out(s, q3.narrow(0, h0, g).narrow(1, r0, c), kT.narrow(0, h0, g));
            s.mul_(scale);
            at::_softmax_out(s, s, -1, false); // row-wise, safe in place
            at::bmm_out(o, s, v3.narrow(0, h0, g));
            if (c != Sq)
                out.narrow(0, h0, g).narrow(1, r0, c).copy_(o);
        }
    }
    return out.view({B, H, Sq, d});
}

} // namespace framesmith
