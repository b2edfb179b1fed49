#include "models/wan/image/WanClipVisionModel.h"

#include "framesmith/Error.h"
#include "io/WeightLoader.h"
#include "io/WeightSource.h"

#include <ATen/ATen.h>

namespace framesmith {

WanClipVisionModel::WanClipVisionModel(WanClipVisionConfig config) : m_config(std::move(config))
{
    const auto& c = m_config;
    const std::int64_t d = c.hiddenSize;
    // Dotted child names stand for transformers' one-child containers (embeddings, encoder).
    registerParameter("embeddings.class_embedding", &m_classEmbedding, {d});
    m_patchEmbedding = registerModule(
        "embeddings.patch_embedding",
        std::make_shared<Conv2d>(c.numChannels, d, std::array<std::int64_t, 2>{c.patchSize, c.patchSize},
                                 std::array<std::int64_t, 2>{c.patchSize, c.patchSize}, std::array<std::int64_t, 2>{0, 0},
                                 /*hasBias=*/false));
    m_positionEmbedding = registerModule("embeddings.position_embedding", std::make_shared<Embedding>(c.positions(), d));
    m_preLayerNorm = registerModule("pre_layrnorm", std::make_shared<LayerNorm>(d, c.layerNormEps)); // sic
    m_layers = registerModule("encoder.layers", std::make_shared<ModuleList<WanClipVisionLayer>>());
    for (std::int64_t i = 0; i < c.numHiddenLayers; ++i)
        m_layers->append(std::make_shared<WanClipVisionLayer>(c));
    m_postLayerNorm = registerModule("post_layernorm", std::make_shared<LayerNorm>(d, c.layerNormEps));
}

std::shared_ptr<WanClipVisionModel> WanClipVisionModel::load(const std::string& folder, c10::ScalarType dtype,
                                                             c10::Device device)
{
    auto model = std::make_shared<WanClipVisionModel>(WanClipVisionConfig::fromFile(folder + "/config.json"));
    loadWeights(*model, WeightSource::open(folder), dtype, device, "vision_model.");
    return model;
}

at::Tensor WanClipVisionModel::penultimateHiddenState(const at::Tensor& pixelValues, at::Tensor* patchEmbeds) const
{
    const auto& c = m_config;
    if (pixelValues.dim() != 4 || pixelValues.size(1) != c.numChannels || pixelValues.size(2) != c.imageSize ||
        pixelValues.size(3) != c.imageSize)
        throw ShapeError("Wan image encoder: pixel_values must be [B, " + std::to_string(c.numChannels) + ", " +
                         std::to_string(c.imageSize) + ", " + std::to_string(c.imageSize) + "] (config image_size), got " +
                         std::string(c10::str(pixelValues.sizes())));
    const at::Tensor x = pixelValues.to(m_classEmbedding.device(), m_classEmbedding.scalar_type());
    const std::int64_t b = x.size(0);
    const at::Tensor patches = m_patchEmbedding->forward(x).flatten(2).transpose(1, 2); // [B, g², D]
    const at::Tensor cls = m_classEmbedding.view({1, 1, -1}).expand({b, 1, -1});
    const at::Tensor positions = at::arange(c.positions(), at::TensorOptions().dtype(at::kLong).device(x.device()));
    at::Tensor h = at::cat({cls, patches}, 1) + m_positionEmbedding->forward(positions).unsqueeze(0);
    h = m_preLayerNorm->forward(h); // hidden_states[0]
    if (patchEmbeds)
        *patchEmbeds = h;
    for (std::size_t i = 0; i + 1 < m_layers->size(); ++i) // hidden_states[-2]: all layers but the last
        h = (*m_layers)[i].forward(h);
    return h;
}

} // namespace framesmith
