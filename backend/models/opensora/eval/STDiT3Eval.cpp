#include "models/opensora/eval/STDiT3Eval.h"

#include "framesmith/Error.h"
#include "models/EvalDevice.h"
#include "models/opensora/OpenSoraRepoFolders.h"
#include "models/opensora/transformer/STDiT3.h"

#include <ATen/ATen.h>

#include <filesystem>

namespace framesmith {

namespace {

std::optional<at::Tensor> optionalInput(const SafetensorsReader& file, const std::string& name)
{
    if (!file.find(name))
        return std::nullopt;
    return onEvalDevice(file.view(name));
}

at::Tensor requiredInput(const SafetensorsReader& file, const std::string& name)
{
    if (!file.find(name))
        throw InvalidRequestError(name, "the case file " + file.path() + " has no tensor \"" + name + "\"");
    return onEvalDevice(file.view(name));
}

} // namespace

c10::ScalarType STDiT3Eval::dtypeFromName(const std::string& name)
{
    if (name == "float32" || name == "fp32")
        return at::kFloat;
    if (name == "bfloat16" || name == "bf16")
        return at::kBFloat16;
    if (name == "float16" || name == "fp16")
        return at::kHalf;
    throw InvalidRequestError("dtype", "unknown dtype \"" + name + "\" (float32, bfloat16, float16)");
}

std::string STDiT3Eval::transformerFolder(const std::string& modelRoot)
{
    if (std::filesystem::exists(std::filesystem::path(modelRoot) / "model.safetensors") ||
        std::filesystem::exists(std::filesystem::path(modelRoot) / "model.safetensors.index.json"))
        return modelRoot;
    return OpenSoraRepoFolders::require(modelRoot, OpenSoraRepoFolders::kStdit);
}

std::map<std::string, at::Tensor> STDiT3Eval::run(const std::string& modelRoot, const SafetensorsReader& caseFile,
                                                  const nlohmann::json& meta)
{
    const std::string dtypeName = meta.is_object() && meta.contains("dtype") && meta["dtype"].is_string()
                                      ? meta["dtype"].get<std::string>() : "float32";
    // The case's dtype on the CPU, or FRAMESMITH_EVAL_DEVICE/_DTYPE (the GPU runbook's parity step).
    auto model = STDiT3::load(transformerFolder(modelRoot), evalDtype(dtypeFromName(dtypeName)), evalDevice());
    STDiT3Inputs in;
    in.x = requiredInput(caseFile, "x");
    in.timestep = requiredInput(caseFile, "timestep");
    in.y = requiredInput(caseFile, "y");
    in.mask = optionalInput(caseFile, "mask");
    in.xMask = optionalInput(caseFile, "x_mask");
    in.fps = requiredInput(caseFile, "fps");
    in.height = requiredInput(caseFile, "height");
    in.width = requiredInput(caseFile, "width");
    STDiT3::DebugTensors debug;
    at::Tensor output = model->forwardWithDebug(in, debug);
    std::map<std::string, at::Tensor> out{{"output", output.cpu()}};
    for (auto& [name, tensor] : debug)
        out["debug." + name] = tensor.is_floating_point() ? tensor.to(at::kCPU, at::kFloat) : tensor.cpu();
    return out;
}

} // namespace framesmith
