#include "models/wan/pipeline/WanPipelineRules.h"

#include "framesmith/Error.h"

#include <algorithm>
#include <cmath>

namespace framesmith {

WanPipelineRules::WanPipelineRules(WanModelIndex index, WanTransformerConfig transformer, WanVaeConfig vae)
    : m_index(std::move(index)), m_transformer(std::move(transformer)), m_vae(std::move(vae))
{
}

std::int64_t WanPipelineRules::spatialCompression() const
{
    // one 2x spatial downsample per temperal_downsample entry, then the Wan 2.2 patchify
    return (std::int64_t(1) << m_vae.temperalDownsample.size()) * m_vae.patchSize;
}

std::int64_t WanPipelineRules::temporalCompression() const
{
    const auto downs = std::count(m_vae.temperalDownsample.begin(), m_vae.temperalDownsample.end(), true);
    return std::int64_t(1) << downs;
}

std::int64_t WanPipelineRules::sizeMultiple() const
{
    return spatialCompression() * std::max(m_transformer.patchSize[1], m_transformer.patchSize[2]);
}

WanRunMode WanPipelineRules::mode(bool hasStartImage) const
{
    const bool isConcat = m_transformer.inChannels == 2 * m_vae.zDim + temporalCompression();
    if (!hasStartImage) {
        if (isConcat)
            throw InvalidRequestError("startImage", "this Wan image-to-video model needs a start image");
        return WanRunMode::TextToVideo;
    }
    if (m_index.expandTimesteps)
        return WanRunMode::FirstFrameImage;
    if (!isConcat)
        throw InvalidRequestError("startImage", "this Wan model is text-to-video only; it takes no start image");
    if (m_transformer.imageDim && !m_index.hasImageEncoder)
        throw InvalidRequestError("startImage", "this Wan 2.1 I2V folder has no image_encoder (CLIPVisionModel) for "
                                                "its transformer's image rows");
    return WanRunMode::ChannelConcatImage;
}

void WanPipelineRules::check(const GenerationRequest& request, bool hasStartImage) const
{
    mode(hasStartImage);
    const int t = static_cast<int>(temporalCompression());
    if (request.frameCount < 1 || (request.frameCount - 1) % t != 0)
        throw InvalidRequestError("frameCount", "Wan takes " + std::to_string(t) + "k + 1 frames (e.g. " +
                                                    std::to_string(std::max(1, (request.frameCount - 1) / t * t + 1)) +
                                                    "), got " + std::to_string(request.frameCount));
    const int multiple = static_cast<int>(sizeMultiple());
    for (const auto& [field, value] : {std::pair<const char*, int>{"width", request.width}, {"height", request.height}})
        if (value < multiple || value % multiple != 0)
            throw InvalidRequestError(field, "this Wan model takes multiples of " + std::to_string(multiple) +
                                                 " pixels, got " + std::to_string(value));
    if (request.steps < 1 || request.steps > 1000)
        throw InvalidRequestError("steps", "1 to 1000, got " + std::to_string(request.steps));
    if (!std::isfinite(request.guidanceScale))
        throw InvalidRequestError("guidanceScale", "must be a finite number");
    if (!request.references.empty() || !request.conditioning.empty())
        throw InvalidRequestError("conditioning", "Wan takes a start image only, no references");
}

} // namespace framesmith
