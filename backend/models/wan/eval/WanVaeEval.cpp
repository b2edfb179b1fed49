#include "models/wan/eval/WanVaeEval.h"

#include "framesmith/Error.h"
#include "models/EvalDevice.h"
#include "models/VaeImageProcessor.h"
#include "models/wan/conditioning/WanChannelConditioning.h"
#include "models/wan/eval/WanEvalKinds.h"
#include "models/wan/vae/WanVaeTiling.h"

#include <ATen/ATen.h>
#include <ATen/core/grad_mode.h> // at::NoGradGuard: libtorch 2.6 with GCC 14 does not bring it through ATen.h

#include <regex>

namespace framesmith {

namespace {

at::Tensor toCpu(const at::Tensor& t) { return t.is_floating_point() ? t.to(at::kCPU, at::kFloat) : t.cpu(); }

// The tiling the case ran with: metadata call.tiled ("vae.enable_tiling(tile_sample_min_height=32,
// ...)"), else diffusers' defaults.
WanVaeTiles tilesOf(const nlohmann::json& meta)
{
    WanVaeTiles tiles;
    const nlohmann::json* call = meta.contains("call") && meta["call"].is_object() ? &meta["call"] : nullptr;
    if (!call || !call->contains("tiled") || !(*call)["tiled"].is_string())
        return tiles;
    const std::string text = (*call)["tiled"].get<std::string>();
    auto read = [&](const char* key, std::int64_t& out) {
        std::smatch m;
        if (std::regex_search(text, m, std::regex(std::string(key) + "=(\\d+)")))
            out = std::stoll(m[1].str());
    };
    read("tile_sample_min_height", tiles.minHeight);
    read("tile_sample_min_width", tiles.minWidth);
    read("tile_sample_stride_height", tiles.strideHeight);
    read("tile_sample_stride_width", tiles.strideWidth);
    return tiles;
}

void runPasses(const WanVae& vae, const EvalCase& c, EvalOutputs& out)
{
    const SafetensorsReader& in = c.input;
    if (in.find("video")) {
        const WanVaePosterior p = vae.encode(onEvalDevice(in.view("video")));
        out["posterior_parameters"] = toCpu(p.parameters);
        out["posterior_mean"] = toCpu(p.mean);
        out["posterior_logvar"] = toCpu(p.logvar);
        out["encoder_raw"] = toCpu(p.encoderRaw);
    }
    if (in.find("z")) {
        at::Tensor raw;
        out["decoded"] = toCpu(vae.decode(onEvalDevice(in.view("z")), &raw));
        out["decoder_raw"] = toCpu(raw);
    }
    const WanVaeTiles tiles = tilesOf(c.meta);
    if (in.find("tiled_z"))
        out["tiled_decoded"] = toCpu(WanVaeTiling::decode(vae, onEvalDevice(in.view("tiled_z")), tiles));
    if (in.find("tiled_video"))
        out["tiled_posterior_parameters"] = toCpu(WanVaeTiling::encode(vae, onEvalDevice(in.view("tiled_video")), tiles));
}

std::int64_t caseNumber(const nlohmann::json& meta, const char* key)
{
    const nlohmann::json* c = meta.contains("case") && meta["case"].is_object() ? &meta["case"] : nullptr;
    if (!c || !c->contains(key) || !(*c)[key].is_number_integer() || (*c)[key].get<std::int64_t>() < 1)
        throw InvalidRequestError(key, "the condition case's metadata has no case." + std::string(key));
    return (*c)[key].get<std::int64_t>();
}

// golden/i2v/*_condition_*: WanImageToVideoPipeline.prepare_latents' condition for the
// channel-concatenating models (start image, optionally an end image).
void runCondition(const WanVae& vae, const EvalCase& c, EvalOutputs& out)
{
    const SafetensorsReader& in = c.input;
    // video_processor.preprocess(image, height, width), as __call__ hands it to prepare_latents
    const std::int64_t height = caseNumber(c.meta, "height"), width = caseNumber(c.meta, "width");
    const at::Tensor image = VaeImageProcessor::preprocess(in.view("image_uint8"), height, width);
    at::Tensor lastImage;
    if (in.find("last_image_uint8")) {
        lastImage = VaeImageProcessor::preprocess(in.view("last_image_uint8"), height, width);
        out["last_image_preprocessed"] = lastImage;
    }
    out["image_preprocessed"] = image;
    const WanChannelCondition condition = WanChannelConditioning::build(
        vae, onEvalDevice(image), lastImage.defined() ? onEvalDevice(lastImage) : lastImage,
        caseNumber(c.meta, "num_frames"), caseNumber(c.meta, "B"));
    out["video_condition"] = toCpu(condition.video);
    out["posterior_mode"] = toCpu(condition.posteriorMode);
    out["condition_latents"] = toCpu(condition.latents);
    out["condition_mask"] = toCpu(condition.mask);
    out["condition"] = toCpu(condition.condition);
}

} // namespace

EvalOutputs WanVaeEval::run(const EvalCase& c)
{
    const std::string folder = WanEvalKinds::componentFolder(WanEvalKinds::variantFolder(c), "vae");
    const auto vae = WanVae::load(folder, evalDtype(at::kFloat), evalDevice());
    at::NoGradGuard noGrad;
    EvalOutputs out;
    if (c.input.find("image_uint8"))
        runCondition(*vae, c, out);
    else
        runPasses(*vae, c, out);
    if (out.empty())
        throw InvalidRequestError("--case", c.casePath + " holds none of video, z, tiled_z, tiled_video, image_uint8");
    return out;
}

} // namespace framesmith
