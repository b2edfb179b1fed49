#pragma once
// One weight matrix stored in one byte per element (int8, or fp8 e4m3fn) with a float32 scale per
// output row, widened to the compute dtype just before the layer that uses it runs. This is the
// low-memory presets' "store fp8/int8, compute in bf16": the stored bytes are what rests in RAM or
// VRAM and what crosses the bus; the wide copy lives for one transformer block.
// Per-row scales (absmax / 127, absmax / 448) keep small-magnitude rows precise: a plain cast of
// video-DiT weights (|w| ~ 1e-2) to e4m3fn would land most of them among its subnormals.
// Any thread; one object is not shared between threads.
#include "framesmith/MemoryPreset.h"

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <vector>

namespace framesmith {

class QuantizedWeight {
public:
    QuantizedWeight() = default;
    // weight: [out, in], any float dtype and device; storage Int8 or Float8.
    static QuantizedWeight quantize(const at::Tensor& weight, WeightStorage storage);

    // [out, in] in `dtype` on the device the codes are on (the compute stream's order on CUDA).
    at::Tensor widen(c10::ScalarType dtype) const;
    // The same codes on `device` (non_blocking from pinned memory), or pinned in RAM.
    QuantizedWeight to(c10::Device device, bool nonBlocking = false) const;
    // Its tensors (codes, scales), for re-homing in place: a streamed block's stored matrices
    // travel through the staging ring (PinnedStagingRing) beside its vectors.
    std::vector<at::Tensor*> storage() { return {&m_codes, &m_scales}; }

    WeightStorage storage() const { return m_storage; }
    const at::Tensor& codes() const { return m_codes; }   // [out, in] int8 / uint8 e4m3fn bytes
    const at::Tensor& scales() const { return m_scales; } // [out, 1] float32
    c10::Device device() const;
    std::int64_t nbytes() const;
    // Temporaries of widen() and quantize() beyond their output: float32 values and int32 indices
    // of one slice.
    static std::int64_t widenWorkspaceBytes();

private:
    WeightStorage m_storage = WeightStorage::Native;
    at::Tensor m_codes;
    at::Tensor m_scales;
};

} // namespace framesmith
