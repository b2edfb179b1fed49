#pragma once
// Working-memory arithmetic every family's activation model shares: bytes per element, and the
// attention workspace of the port's attention paths (core/ChunkedAttention on the CPU and older
// libtorch, a fused kernel on CUDA with libtorch 2.x). Pure; any thread.
#include "framesmith/MemoryPreset.h"

#include <cstdint>

namespace framesmith {

enum class AttentionPath { Invalid, Fused, ChunkedMath };

class ActivationEstimator {
public:
    // core/ChunkedAttention: queries in chunks whose scores stay under this budget.
    static constexpr std::int64_t kScoreBudgetBytes = 256ll << 20;

    static std::int64_t elementBytes(ComputeDtype dtype) { return dtype == ComputeDtype::Float32 ? 4 : 2; }
    // Bytes of one attention call beyond q, k, v and its output: [batch, heads, sequence, headDim].
    static std::int64_t attentionWorkspace(std::int64_t batch, std::int64_t heads, std::int64_t sequence,
                                           std::int64_t headDim, AttentionPath attention, std::int64_t elementBytes);
    // The end of every pipeline's decode: the VAE's video converted to float32 in place and its
    // frame-major [frames, 3, height, width] copy, both alive for a moment (decode's floor).
    static std::int64_t decodedVideoHandOffBytes(std::int64_t frames, std::int64_t height, std::int64_t width)
    {
        return 2 * frames * 3 * height * width * 4;
    }
};

} // namespace framesmith
