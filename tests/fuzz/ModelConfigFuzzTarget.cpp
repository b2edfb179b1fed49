#include "ModelConfigFuzzTarget.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"
#include "models/cogvideox/sampling/CogVideoXSchedulerConfig.h"
#include "models/cogvideox/transformer/CogVideoXTransformerConfig.h"
#include "models/cogvideox/vae/CogVideoXVaeConfig.h"
#include "models/cogvideox/CogVideoXVariant.h"
#include "models/opensora/transformer/STDiT3Config.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialVaeConfig.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalVaeConfig.h"
#include "models/opensora/vae/OpenSoraVaeConfig.h"
#include "text/T5Config.h"

#include <string>

namespace framesmith::fuzz {
namespace {

void require(bool invariant)
{
    if (!invariant)
        __builtin_trap();
}

nlohmann::json parsed(const std::string& text)
{
    return JsonGuard::parse(text.data(), text.size(), 32, "fuzz/config.json", "the config");
}

// The derived sizes below are what the model code, the planner and the activation estimates
// compute from an accepted config; UBSan reports any overflow or zero divisor in them.
void checkCogVideoXTransformer(const std::string& text)
{
    const auto c = CogVideoXTransformerConfig::fromJsonText(text, "fuzz/transformer/config.json");
    require(c.numAttentionHeads > 0 && c.attentionHeadDim > 0 && c.innerDim() > 0);
    require(c.numLayers > 0 && c.patchSize > 0 && c.patchSizeTemporal() > 0);
    require(c.inChannels > 0 && c.outChannels > 0 && c.textEmbedDim > 0 && c.maxTextSeqLength > 0);
    require(c.temporalCompressionRatio > 0 && c.sampleLatentFrames() > 0);
    require(c.sampleWidth > 0 && c.sampleHeight > 0);
}

void checkCogVideoXVae(const std::string& text)
{
    const auto c = CogVideoXVaeConfig::fromJsonText(text, "fuzz/vae/config.json");
    require(!c.blockOutChannels.empty() && c.spatialCompression() > 0);
    require(c.normNumGroups > 0 && c.layersPerBlock > 0 && c.latentChannels > 0);
    for (std::int64_t channels : c.blockOutChannels)
        require(channels > 0 && channels % c.normNumGroups == 0); // GroupNorm's own condition
    require(c.temporalCompressionRatio >= 1 && c.temporalCompressLevel() >= 0);
    require(c.scalingFactor != 0.0);
}

void checkCogVideoXScheduler(const std::string& text)
{
    const auto c = CogVideoXSchedulerConfig::fromJson(text, "fuzz/scheduler/scheduler_config.json");
    require(c.numTrainTimesteps > 0 && c.numTrainTimesteps <= CogVideoXSchedulerConfig::kMaxTrainTimesteps);
    require(c.trainedBetas.empty() || int(c.trainedBetas.size()) == c.numTrainTimesteps);
}

void checkT5(const std::string& text)
{
    const auto c = T5Config::fromJson(parsed(text), "fuzz/text_encoder/config.json");
    require(c.numHeads > 0 && c.dKv > 0 && c.innerDim() > 0 && c.dModel > 0 && c.dFf > 0);
    require(c.numLayers > 0 && c.vocabSize > 0 && c.relativeAttentionNumBuckets > 0);
}

void checkSTDiT3(const std::string& text)
{
    const auto c = STDiT3Config::fromJson(text, "fuzz/stdit3/config.json");
    require(c.numHeads > 0 && c.headDim() > 0 && c.headDim() * c.numHeads == c.hiddenSize);
    require(c.depth > 0 && c.mlpHidden() > 0 && c.patchVolume() > 0 && c.outChannels() > 0);
    require(c.captionChannels > 0 && c.modelMaxLength > 0 && c.inputSqSize > 0);
}

void checkTemporal(const OpenSoraTemporalVaeConfig& t)
{
    require(t.blocks() > 0 && t.timeDownsampleFactor() > 0 && t.numGroups > 0 && t.filters > 0);
    for (std::int64_t frames : {1, 17, 51, 102})
        require(t.latentFrames(frames) > 0);
}

void checkOpenSoraVaeRepo(const std::string& text)
{
    const auto c = OpenSoraVaeConfig::fromRepoJson(parsed(text), "fuzz/OpenSora-VAE-v1.2/config.json");
    checkTemporal(c.temporal);
    require(c.microFrameSize >= 0 && c.microBatchSize >= 0 && c.spatialScalingFactor != 0.0);
    require(!c.shift.empty() && !c.scale.empty());
    for (double s : c.scale)
        require(s != 0.0);
}

void checkOpenSoraSpatial(const std::string& text)
{
    const auto c = OpenSoraSpatialVaeConfig::fromJson(parsed(text), "fuzz/vae/config.json");
    require(!c.blockOutChannels.empty() && c.spatialCompression() > 0 && c.normNumGroups > 0);
    for (std::int64_t channels : c.blockOutChannels)
        require(channels > 0 && channels % c.normNumGroups == 0);
    require(c.layersPerBlock > 0 && c.latentChannels > 0);
}

void checkOpenSoraTemporal(const std::string& text)
{
    checkTemporal(OpenSoraTemporalVaeConfig::fromJson(parsed(text), "fuzz/temporal"));
}

void checkVariant(const std::string& text, bool imageToVideo)
{
    const std::string pipeline = imageToVideo ? "CogVideoXImageToVideoPipeline" : "CogVideoXPipeline";
    const std::string variant = CogVideoXVariant::classify(pipeline, parsed(text), "fuzz/transformer/config.json");
    require(!CogVideoXVariant::displayName(variant).empty());
}

} // namespace

int runModelConfigInput(const std::uint8_t* data, std::size_t size)
{
    if (size == 0)
        return 0;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        switch (data[0] % kModelConfigKinds) {
        case 0: checkCogVideoXTransformer(text); break;
        case 1: checkCogVideoXVae(text); break;
        case 2: checkCogVideoXScheduler(text); break;
        case 3: checkT5(text); break;
        case 4: checkSTDiT3(text); break;
        case 5: checkOpenSoraVaeRepo(text); break;
        case 6: checkOpenSoraSpatial(text); break;
        case 7: checkOpenSoraTemporal(text); break;
        default: checkVariant(text, data[0] & 0x10); break;
        }
        return 1;
    } catch (const Error&) {
        return 0;
    }
}

} // namespace framesmith::fuzz
