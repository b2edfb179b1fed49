// `framesmith-cli eval vae`: the golden VAE cases (encode, decode, tiled, sliced), driven by the
// tensors each case holds. Plain names: `video` -> latent_dist.{mean,logvar,std} (+ latent_sample
// from sample_noise or the metadata seed); `latents` -> `video` (or `decoded`). Prefixed names
// (tiled., untiled., sliced., batched.) run the same calls with tiling (sizes from the metadata's
// "tiling") or slicing.
#include "models/EvalDevice.h"
#include "models/cogvideox/eval/CogVideoXEvalKinds.h"

#include "framesmith/Error.h"
#include "models/cogvideox/vae/CogVideoXVae.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>

#include <filesystem>
#include <optional>
#include <regex>

namespace framesmith {

namespace {

namespace fs = std::filesystem;

std::string vaeFolder(const EvalCase& c)
{
    if (!c.modelDir.empty())
        return fs::exists(fs::path(c.modelDir) / "config.json") ? c.modelDir : (fs::path(c.modelDir) / "vae").string();
    // Without --model: the metadata's model_dir, relative to the fixture root (golden/vae/CASE).
    if (!c.meta.contains("model_dir"))
        throw InvalidRequestError("--model", "give the model folder (the case names none)");
    return (fs::path(c.casePath).parent_path().parent_path().parent_path() / c.meta["model_dir"].get<std::string>()).string();
}

bool hasPrefix(const SafetensorsReader& r, const std::string& prefix)
{
    for (const auto& e : r.entries())
        if (e.name.rfind(prefix, 0) == 0)
            return true;
    return false;
}

VaeOptions optionsFor(const std::string& prefix, const nlohmann::json& meta)
{
    VaeOptions o;
    o.slicing = prefix == "sliced";
    if (prefix == "tiled") {
        o.tiling = true;
        const auto t = meta.value("tiling", nlohmann::json::object());
        o.tileSampleMinHeight = t.value("tile_sample_min_height", o.tileSampleMinHeight);
        o.tileSampleMinWidth = t.value("tile_sample_min_width", o.tileSampleMinWidth);
        o.tileOverlapHeight = t.value("tile_overlap_factor_height", o.tileOverlapHeight);
        o.tileOverlapWidth = t.value("tile_overlap_factor_width", o.tileOverlapWidth);
    }
    return o;
}

std::optional<std::uint64_t> sampleSeed(const nlohmann::json& meta)
{
    if (meta.contains("sample_seed"))
        return meta["sample_seed"].get<std::uint64_t>();
    std::smatch match;
    const std::string call = meta.value("call", std::string());
    static const std::regex seedPattern("latent_dist\\.sample\\(torch\\.Generator\\(\\)\\.manual_seed\\((\\d+)\\)\\)");
    if (std::regex_search(call, match, seedPattern))
        return std::stoull(match[1].str());
    return std::nullopt;
}

void encodeInto(EvalOutputs& out, const CogVideoXVae& vae, const EvalCase& c, const std::string& prefix)
{
    const std::string p = prefix.empty() ? "" : prefix + ".";
    LatentDistribution dist = vae.encode(onEvalDevice(c.input.view("video")), optionsFor(prefix, c.meta));
    // Plain cases get the whole distribution; prefixed ones the names the case holds.
    auto wanted = [&](const std::string& name) { return prefix.empty() || c.input.find(p + name) != nullptr; };
    if (wanted("latent_dist.mean"))
        out[p + "latent_dist.mean"] = dist.mean;
    if (wanted("latent_dist.logvar"))
        out[p + "latent_dist.logvar"] = dist.logvar;
    if (wanted("latent_dist.std"))
        out[p + "latent_dist.std"] = dist.std();
    if (!prefix.empty())
        return;
    if (c.input.find("sample_noise")) {
        out["latent_sample"] = dist.mean + dist.std() * onEvalDevice(c.input.view("sample_noise"));
    } else if (auto seed = sampleSeed(c.meta)) {
        at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(*seed);
        out["latent_sample"] = dist.sample(gen);
    }
}

EvalOutputs evalVae(const EvalCase& c)
{
    auto vae = CogVideoXVae::load(vaeFolder(c), evalDtype(at::kFloat), evalDevice());
    EvalOutputs out;
    bool prefixed = false;
    for (const std::string prefix : {"tiled", "untiled", "sliced", "batched"}) {
        if (!hasPrefix(c.input, prefix + "."))
            continue;
        prefixed = true;
        if (hasPrefix(c.input, prefix + ".latent_dist."))
            encodeInto(out, *vae, c, prefix);
        if (c.input.find(prefix + ".decoded"))
            out[prefix + ".decoded"] = vae->decode(onEvalDevice(c.input.view("latents")), optionsFor(prefix, c.meta));
    }
    if (prefixed)
        return out;
    if (c.input.find("latents"))
        out[c.input.find("decoded") ? "decoded" : "video"] = vae->decode(onEvalDevice(c.input.view("latents")), VaeOptions());
    else if (c.input.find("video"))
        encodeInto(out, *vae, c, "");
    else
        throw InvalidRequestError("--case", "a VAE case needs `video` (encode) or `latents` (decode)");
    return out;
}

} // namespace

EvalKind cogVideoXVaeEval()
{
    return {"vae", "AutoencoderKLCogVideoX encode/decode (plain, tiled., sliced., batched. cases)", evalVae};
}

} // namespace framesmith
