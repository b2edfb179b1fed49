#pragma once
// The module each weighted component of a Wan -Diffusers folder holds, built from its config.json
// alone (nothing read or allocated): text_encoder UMT5 (T5Encoder with per-layer relative bias),
// image_encoder CLIP ViT-H/14 (Wan 2.1 I2V), transformer / transformer_2 WanTransformer3DModel,
// vae AutoencoderKLWan (2.1 or 2.2 by its config). The GPU runbook fills them with random values
// to write full-size models from the published configs. Any thread.
#include "models/ModelFamily.h"

#include <string>

namespace framesmith {

class WanComponentModules {
public:
    // An empty ComponentModule for a component without weights (tokenizer, scheduler,
    // image_processor) or an unknown name. Throws FileError naming a config that cannot be read.
    static ComponentModule fromConfig(const std::string& component, const std::string& configJsonPath);
};

} // namespace framesmith
