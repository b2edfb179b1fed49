#include "models/opensora/eval/OpenSoraVaeEval.h"

#include "framesmith/Error.h"
#include "models/EvalDevice.h"
#include "models/opensora/OpenSoraRepoFolders.h"
#include "models/opensora/vae/OpenSoraVae.h"
#include "models/opensora/vae/spatial/OpenSoraSpatialVae.h"
#include "models/opensora/vae/temporal/OpenSoraTemporalVae.h"
#include "core/VaeProgress.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/core/grad_mode.h>

#include <filesystem>
#include <regex>

namespace framesmith {

namespace {

namespace fs = std::filesystem;
using Outputs = std::map<std::string, at::Tensor>;

struct Folders {
    std::string vae, spatial;
};

Folders foldersOf(const std::string& modelRoot, const nlohmann::json& meta)
{
    const fs::path root(modelRoot);
    std::error_code ec;
    // The VAE repo itself, or a models root holding it (the metadata's model_dir minus "models/").
    if (fs::is_regular_file(root / "config.json", ec))
        return {root.string(), OpenSoraRepoFolders::spatialVaeFolder("", root.string())};
    std::string repo = OpenSoraRepoFolders::kVae;
    const std::string modelDir = meta.value("model_dir", std::string());
    if (modelDir.rfind("models/", 0) == 0)
        repo = modelDir.substr(7);
    const std::string vae = OpenSoraRepoFolders::require(modelRoot, repo);
    return {vae, OpenSoraRepoFolders::spatialVaeFolder(modelRoot, vae)};
}

// Every "manual_seed(N)" in the metadata's call descriptions, in the order they appear.
std::optional<std::uint64_t> encodeSeed(const nlohmann::json& meta)
{
    static const std::regex seedPattern(R"(manual_seed\((\d+)\))");
    for (const char* key : {"encode", "call"}) {
        const auto it = meta.find(key);
        if (it == meta.end() || !it->is_string())
            continue;
        const std::string text = it->get<std::string>();
        std::smatch match;
        if (std::regex_search(text, match, seedPattern))
            return std::stoull(match[1].str());
    }
    return std::nullopt;
}

std::int64_t metaInteger(const nlohmann::json& meta, const char* key, std::int64_t fallback)
{
    const auto it = meta.find(key);
    return it != meta.end() && it->is_number_integer() ? it->get<std::int64_t>() : fallback;
}

// decode(..., num_frames=N): the metadata's "frames", else the call's num_frames=N.
std::int64_t decodeFrames(const nlohmann::json& meta)
{
    if (meta.contains("frames") && meta["frames"].is_number_integer())
        return meta["frames"].get<std::int64_t>();
    static const std::regex framesPattern(R"(num_frames=(\d+))");
    std::smatch match;
    const std::string call = meta.value("call", std::string());
    if (std::regex_search(call, match, framesPattern))
        return std::stoll(match[1].str());
    throw FileError(ErrorCode::BadFile, "case metadata", "a decode case needs 'frames' (num_frames)");
}

at::Generator seededGenerator(const nlohmann::json& meta)
{
    const auto seed = encodeSeed(meta);
    if (!seed)
        throw FileError(ErrorCode::BadFile, "case metadata",
                        "an encode case needs the torch.manual_seed(N) of its draws in 'call' or 'encode'");
    return at::make_generator<at::CPUGeneratorImpl>(*seed);
}

// A case input on the VAE's device in its dtype, as the reference hands it over (x.to(device, dtype)).
at::Tensor input(const OpenSoraVae& vae, const SafetensorsReader& c, const char* name)
{
    return c.view(name).to(vae.device(), vae.dtype());
}

OpenSoraVaeRun runOf(const nlohmann::json& meta)
{
    OpenSoraVaeRun run;
    run.microBatchSize = metaInteger(meta, "micro_batch_size", -1);
    run.microFrameSize = metaInteger(meta, "micro_frame_size", -1);
    return run;
}

void spatialCase(const OpenSoraVae& vae, const SafetensorsReader& c, const nlohmann::json& meta, Outputs& out)
{
    const OpenSoraVaeRun run = runOf(meta);
    const OpenSoraSpatialWindows windows{run.convWindowBytes, run.attentionScoreBytes};
    if (c.find("video")) {
        at::Generator gen = seededGenerator(meta);
        VaeProgress progress(nullptr, nullptr, 0, "VAE encoding");
        std::vector<at::Tensor> draws;
        OpenSoraSpatialMoments moments;
        out["encode.z"] = vae.spatialVae().encode(input(vae, c, "video"), gen, vae.microBatchSize(run), windows, progress,
                                                  &draws, &moments);
        out["encode.mean"] = moments.mean;
        out["encode.logvar"] = moments.logvar;
        for (std::size_t k = 0; k < draws.size(); ++k)
            out["encode.noise" + std::to_string(k)] = draws[k];
    }
    if (c.find("decode.z")) {
        VaeProgress progress(nullptr, nullptr, 0, "VAE decoding");
        out["decode.video"] = vae.spatialVae().decode(input(vae, c, "decode.z"), vae.microBatchSize(run), windows, progress);
    }
}

void temporalCase(const OpenSoraVae& vae, const SafetensorsReader& c, const nlohmann::json& meta, Outputs& out)
{
    const OpenSoraVaeRun run = runOf(meta);
    if (c.find("encode.x")) {
        at::Generator gen = seededGenerator(meta);
        const auto posterior = vae.temporalVae().encode(input(vae, c, "encode.x"), run.convWindowBytes);
        out["encode.mean"] = posterior.mean;
        out["encode.logvar"] = posterior.logvar;
        at::Tensor draw;
        out["encode.z"] = posterior.sample(gen, &draw);
        out["encode.noise0"] = draw;
    }
    if (c.find("decode.z"))
        out["decode.x"] = vae.temporalVae().decode(input(vae, c, "decode.z"), decodeFrames(meta), run.convWindowBytes);
}

void pipelineCase(const OpenSoraVae& vae, const SafetensorsReader& c, const nlohmann::json& meta, Outputs& out)
{
    const OpenSoraVaeRun run = runOf(meta);
    if (c.find("video")) {
        at::Generator gen = seededGenerator(meta);
        OpenSoraVaeTrace trace;
        out["encode.z"] = vae.encode(input(vae, c, "video"), gen, run, &trace);
        out["encode.x_z"] = trace.spatialLatents;
        for (std::size_t k = 0; k < trace.draws.size(); ++k)
            out["encode.noise" + std::to_string(k)] = trace.draws[k];
    }
    if (c.find("decode.z")) {
        OpenSoraVaeTrace trace;
        out["decode.video"] = vae.decode(input(vae, c, "decode.z"), static_cast<int>(decodeFrames(meta)), run, &trace);
        out["decode.x_z"] = trace.spatialLatents;
    }
}

bool holds(const SafetensorsReader& c, const char* name)
{
    return c.find(name) != nullptr;
}

c10::ScalarType dtypeOf(const nlohmann::json& meta)
{
    const std::string name = meta.value("dtype", std::string("float32"));
    if (name == "float32" || name == "fp32")
        return at::kFloat;
    if (name == "bfloat16" || name == "bf16")
        return at::kBFloat16;
    if (name == "float16" || name == "fp16")
        return at::kHalf;
    throw FileError(ErrorCode::BadFile, "case metadata", "dtype '" + name + "' is not supported");
}

} // namespace

std::map<std::string, at::Tensor> OpenSoraVaeEval::run(const std::string& modelRoot, const SafetensorsReader& c,
                                                       const nlohmann::json& meta)
{
    at::NoGradGuard noGrad;
    const Folders folders = foldersOf(modelRoot, meta);
    // The case's dtype on the CPU, or FRAMESMITH_EVAL_DEVICE/_DTYPE (the GPU runbook's parity step);
    // the posterior draws stay on the CPU generator either way, as the reference's are.
    const OpenSoraVae vae(folders.vae, folders.spatial, evalDevice(), evalDtype(dtypeOf(meta)));
    Outputs computed;
    const std::string call = meta.value("call", std::string());
    // By the tensors it holds first (x: temporal, x_z: pipeline), then by the call it describes.
    if (holds(c, "encode.x") || holds(c, "decode.x"))
        temporalCase(vae, c, meta, computed);
    else if (holds(c, "encode.x_z") || holds(c, "decode.x_z"))
        pipelineCase(vae, c, meta, computed);
    else if (call.find("temporal_vae.") != std::string::npos)
        temporalCase(vae, c, meta, computed);
    else if (call.find("spatial_vae.") != std::string::npos)
        spatialCase(vae, c, meta, computed);
    else
        pipelineCase(vae, c, meta, computed);
    // Only the names the case holds (its inputs excluded): every output it records.
    Outputs out;
    for (auto& [name, tensor] : computed)
        if (c.find(name))
            out[name] = tensor.to(at::kCPU, at::kFloat).contiguous();
    if (out.empty())
        throw FileError(ErrorCode::BadFile, c.path(), "the case holds no Open-Sora VAE output this evaluation produces");
    return out;
}

} // namespace framesmith
