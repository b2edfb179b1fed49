#pragma once
// How LoRAs reach the denoiser's weights. Merge: W += s·scale·(B@A) into resident bf16/fp32 weights
// (fastest steps; a copy of each touched weight is kept to restore it). SidePath: y += s·scale·
// (x·Aᵀ)·Bᵀ beside weights that are streamed or stored fp8/int8 (nothing rewritten; strengths
// change without reloading). The memory preset chooses (chooseLoraMode).
#include "framesmith/MemoryPreset.h"

namespace framesmith {

enum class LoraMode { Invalid, Merge, SidePath };

inline LoraMode chooseLoraMode(const MemoryPreset& preset)
{
    const bool weightsRewritable = preset.weightStorage == WeightStorage::Native && preset.transformer != Placement::Streamed;
    return weightsRewritable ? LoraMode::Merge : LoraMode::SidePath;
}

inline const char* loraModeName(LoraMode mode)
{
    switch (mode) {
    case LoraMode::Merge: return "merged into the weights";
    case LoraMode::SidePath: return "low-rank side path";
    default: return "none";
    }
}

} // namespace framesmith
