#pragma once
// PyTorch CUDA caching-allocator settings from a preset. They are read once, when CUDA is first
// touched, so apply() must run before any CUDA call (the engine calls it first thing).
#include "framesmith/MemoryPreset.h"

#include <string>

namespace framesmith {

class AllocatorSettings {
public:
    static constexpr const char* kVariable = "PYTORCH_CUDA_ALLOC_CONF";

    // "expandable_segments:True,max_split_size_mb:512,garbage_collection_threshold:0.6"; empty when
    // the preset keeps every default. Leaves out what this build's libtorch does not know.
    static std::string configString(const MemoryPreset& preset);
    // libtorch 2.1 added expandable_segments; older ones reject the whole variable at the first
    // CUDA allocation ("Unrecognized CachingAllocator option").
    static bool supportsExpandableSegments();
    // Sets PYTORCH_CUDA_ALLOC_CONF unless the user already set it (their value wins). Returns a
    // sentence for the log saying which happened.
    static std::string apply(const MemoryPreset& preset);
};

} // namespace framesmith
