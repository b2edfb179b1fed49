#pragma once
// The components of a Wan model, each with the role that decides its stage and its preset lever
// (memory/planner/ComponentRole.h): text_encoder (UMT5) a text encoder, image_encoder (CLIP, Wan
// 2.1 I2V) an image encoder, transformer and transformer_2 (A14B's experts) denoisers, vae the VAE.
// inspect() lists them; the planning's footprint names its components the same way. Any thread.
#include "memory/planner/ComponentRole.h"
#include "models/wan/WanModelLayout.h"

#include <string>
#include <vector>

namespace framesmith {

struct WanComponent {
    std::string name;      // the model_index.json key and sub-folder: "transformer_2"
    std::string className; // as model_index.json names it: "WanTransformer3DModel"
    ComponentRole role = ComponentRole::Invalid;
};

class WanComponents {
public:
    // The weighted components of the layout, in the order they run: text, image, experts, VAE.
    static std::vector<WanComponent> of(const WanModelLayout& layout);
    // Invalid for a name that is no weighted Wan component (tokenizer, scheduler, image_processor).
    static ComponentRole roleOf(const std::string& name);
};

} // namespace framesmith
