#pragma once
// diffusers AutoencoderKLWan's feat_cache / feat_idx: one slot per cached causal convolution, in the
// order they run, refilled by each chunk (encode: frames 1, 4, 4, ...; decode: one latent frame at a
// time). A slot is empty, "Rep" (an upsample3d that skipped its time conv on the first chunk) or the
// last frames its convolution saw. One encode or decode, one thread.
#include <ATen/core/Tensor.h>

#include <vector>

namespace framesmith {

class WanCausalCache {
public:
    struct Slot {
        bool isRep = false;
        at::Tensor frames; // [B, C, ≤2, H, W]; undefined when empty or Rep
        bool isEmpty() const { return !isRep && !frames.defined(); }
    };

    void beginChunk() { m_next = 0; }        // feat_idx = [0]
    Slot& next();                            // the slot of the next cached convolution
    void clear() { m_slots.clear(); m_next = 0; }

    // The frames a cached convolution keeps from its input x [B, C, T, H, W]: the last two, or for a
    // one-frame chunk the previous chunk's last frame followed by this one (CACHE_T = 2).
    static at::Tensor framesToKeep(const at::Tensor& x, const Slot& slot);

private:
    std::vector<Slot> m_slots;
    std::size_t m_next = 0;
};

} // namespace framesmith
