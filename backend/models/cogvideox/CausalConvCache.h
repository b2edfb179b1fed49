#pragma once
// The frames each causal conv hands to the same conv in the next frame batch (diffusers'
// conv_cache dict, flattened). One per encode/decode of one tile; not shared between threads.
// A conv takes its frames out before it runs and puts new ones back only when another frame
// batch follows, so at most one generation of cached frames is alive at any time.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <unordered_map>

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

private:
    std::unordered_map<const void*, at::Tensor> m_frames;
    bool m_nextBatchFollows = false;
};

} // namespace framesmith
