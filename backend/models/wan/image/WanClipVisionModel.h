#pragma once
// Wan 2.1 I2V's image encoder: transformers CLIPVisionModel as WanImageToVideoPipeline.encode_image
// uses it, hidden_states[-2] (the output of the second-to-last encoder layer, no post_layernorm):
// patch + class embeddings + positions, pre_layrnorm, the layers. Parameters are named like the
// checkpoint's keys below "vision_model.". forward is const; the owning thread.
#include "core/Layers.h"
#include "models/wan/image/WanClipVisionConfig.h"
#include "models/wan/image/WanClipVisionLayer.h"

#include <memory>
#include <string>

namespace framesmith {

class WanClipVisionModel : public Module {
public:
    explicit WanClipVisionModel(WanClipVisionConfig config);

    // folder: image_encoder/ with config.json and model.safetensors. Throws FileError/ShapeError
    // naming the file or tensor.
    static std::shared_ptr<WanClipVisionModel> load(const std::string& folder, c10::ScalarType dtype,
                                                    c10::Device device);

    const WanClipVisionConfig& config() const { return m_config; }
    // pixel_values [B, 3, S, S] -> hidden_states[-2] [B, positions, D]; patchEmbeds (optional)
    // receives hidden_states[0].
    at::Tensor penultimateHiddenState(const at::Tensor& pixelValues, at::Tensor* patchEmbeds = nullptr) const;

private:
    WanClipVisionConfig m_config;
    at::Tensor m_classEmbedding; // [D]
    std::shared_ptr<Conv2d> m_patchEmbedding;
    std::shared_ptr<Embedding> m_positionEmbedding;
    std::shared_ptr<LayerNorm> m_preLayerNorm, m_postLayerNorm;
    std::shared_ptr<ModuleList<WanClipVisionLayer>> m_layers;
};

} // namespace framesmith
