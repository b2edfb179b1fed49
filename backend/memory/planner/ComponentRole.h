#pragma once
// What a model component does, which decides the stage it runs in and which of a preset's levers
// places it. A family gives every component of its model a role (ModelFootprint); the planner,
// placement and presets ask the role, never the component's name. Pure; any thread.
#include "framesmith/MemoryPreset.h"
#include "framesmith/Stage.h"

#include <string>

namespace framesmith {

enum class ComponentRole {
    Invalid,
    TextEncoder,  // the prompt's encoder (T5, UMT5)
    ImageEncoder, // a start image's encoder (CLIP): conditioning, beside the text encoder
    Denoiser,     // a transformer the sampler steps (one, or several experts)
    Adapter,      // weights that ride with a denoiser (a LoRA's matrices)
    Vae,          // decodes latents to frames
};

const char* componentRoleName(ComponentRole role); // "text-encoder", "image-encoder", "denoiser", "adapter", "vae"
// The stage the component's weights are needed in.
Stage stageOf(ComponentRole role);
// The role whose preset lever and strategies place this one: an image encoder follows the text
// encoder's (it conditions the same stage), an adapter its denoiser's, every other role its own.
ComponentRole leverRole(ComponentRole role);
// The preset's placement lever for a role; roles the preset has no lever of their own for take
// their leverRole's.
Placement presetPlacement(const MemoryPreset& preset, ComponentRole role);

} // namespace framesmith
