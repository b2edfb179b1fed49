#pragma once
// The frames each causal conv hands to the same conv in the next frame batch (diffusers'
// conv_cache dict, flattened). One per encode/decode of one tile; not shared between threads.
// A conv takes its frames out before it runs and puts new ones back only when another frame
// batch follows, so at most one generation of cached frames is alive at any time.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace framesmith {

class CausalConvCache {
public:
    // Whether a later frame batch of the same input follows (set before each batch).
    void setNextBatchFollows(bool follows) { m_nextBatchFollows = follows; }
    bool nextBatchFollows() const { return m_nextBatchFollows; }

    at::Tensor take(const void* owner); // undefined on the first batch
    void put(const void* owner, at::Tensor frames);
    std::int64_t bytes() const;
    void clear() { m_frames.clear(); }

    // Largest input window a convolution of this run materialises at once (bytes); larger
    // inputs are convolved a few output frames at a time. Part of the run, not of the model.
    void setWindowBytes(std::int64_t bytes) { m_windowBytes = bytes; }
    std::int64_t windowBytes() const { return m_windowBytes; }
    // Output frames per window (ConvWindowPlan) for a conv whose windows hold frames of
    // frameShape [B, C, H, W] in `like`'s dtype, each reading `contextFrames` frames before its
    // first output.
    std::vector<std::int64_t> windows(std::int64_t frames, std::int64_t contextFrames, at::IntArrayRef frameShape,
                                      const at::Tensor& like) const;

    // Between layers on the CPU: hands the heap pages freed by the last layer back to the OS.
    // glibc keeps freed blocks below its (self-raising, up to 32 MiB) mmap threshold in the heap,
    // where long-lived cache frames pin them; without this the resident set grows by ~50 % more
    // than the live tensors over a decode.
    void releaseFreedHostMemory(const at::Tensor& activation) const;

private:
    std::unordered_map<const void*, at::Tensor> m_frames;
    bool m_nextBatchFollows = false;
    std::int64_t m_windowBytes = std::int64_t{8} << 20;
};

} // namespace framesmith
