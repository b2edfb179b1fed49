#pragma once
// A model as the memory planner sees it: a list of named components, each with its role, its weight
// bytes at one compute dtype and weight storage, and the blocks it streams one by one. The family
// declares the list (ModelPlanning::footprint); placement, presets, the planner, a warm engine's
// residency and the run report work from it, so two expert transformers, an image encoder or a
// LoRA adapter are one more entry, not a new field. Pure values, computed from configs (no weights read).
#include "memory/planner/ComponentRole.h"

#include <cstdint>
#include <string>
#include <vector>

namespace framesmith {

// Repeated, identical blocks a component runs one after another (a DiT's transformer_blocks, or
// spatial and temporal blocks interleaved): what block streaming and multi-GPU spreading move one by one.
struct BlockStructure {
    // The blocks' module path inside the component as the family names it ("transformer_blocks"):
    // block N of component "transformer" is the plan's module "transformer.transformer_blocks.N".
    std::string key;
    std::int64_t blockBytes = 0; // one block, as stored (every block is the same size)
    int blockCount = 0;          // in execution order
    std::int64_t widenBytes = 0; // fp8/int8 blocks: working memory of one block's run (its matrices
                                 // widened to the compute dtype, and the widening's slices)
};

struct ComponentFootprint {
    std::string name;              // unique in the model: "text_encoder", "transformer", "transformer_2", "vae"
    ComponentRole role = ComponentRole::Invalid;
    std::int64_t baseBytes = 0;    // stored weights outside the blocks (embeddings, norms, proj_out)
    std::int64_t bufferBytes = 0;  // non-persistent tables built at construction (2b sincos), not stored
    BlockStructure blocks;

    std::int64_t bytes() const { return baseBytes + bufferBytes + blocks.blockBytes * blocks.blockCount; }
    bool hasBlocks() const { return blocks.blockCount > 0; }
    std::string blockModulePrefix() const { return name + "." + blocks.key + "."; }
    std::string blockModule(int block) const { return blockModulePrefix() + std::to_string(block); }
};

struct ModelFootprint {
    std::vector<ComponentFootprint> components; // the order the plan lists them in (stage order)

    ComponentFootprint& add(std::string name, ComponentRole role, std::int64_t baseBytes = 0);
    const ComponentFootprint* find(const std::string& name) const;
    ComponentFootprint* find(const std::string& name);
    // The denoiser that runs first (the only one of a one-transformer model); an empty entry when none.
    const ComponentFootprint& denoiser() const;
    ComponentFootprint* firstOfRole(ComponentRole role);
    std::int64_t bytesOf(ComponentRole role) const; // every component of that role together
    std::int64_t totalBytes() const;
};

} // namespace framesmith
