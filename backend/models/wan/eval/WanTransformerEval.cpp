#include "models/wan/eval/WanTransformerEval.h"

#include "framesmith/Error.h"
#include "models/EvalDevice.h"
#include "models/wan/eval/WanEvalKinds.h"
#include "models/lora/LoraEval.h"
#include "models/wan/transformer/WanLoraKeyMapping.h"
#include "models/wan/transformer/WanTransformer3DModel.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

at::Tensor requiredInput(const SafetensorsReader& file, const std::string& name)
{
    if (!file.find(name))
        throw InvalidRequestError(name, "the case file " + file.path() + " has no tensor \"" + name + "\"");
    return onEvalDevice(file.view(name));
}

// The case's expert: "transformer" (one-expert models, A14B's high-noise expert) or "transformer_2".
std::string expertOf(const nlohmann::json& meta)
{
    if (!meta.is_object() || !meta.contains("expert"))
        return "transformer";
    const std::string expert = meta["expert"].is_string() ? meta["expert"].get<std::string>() : "";
    if (expert != "transformer" && expert != "transformer_2")
        throw InvalidRequestError("expert", "the case's expert is '" + expert + "'; Wan has transformer and transformer_2");
    return expert;
}

} // namespace

EvalOutputs WanTransformerEval::run(const EvalCase& c)
{
    const std::string variant = WanEvalKinds::variantFolder(c), expert = expertOf(c.meta);
    const std::string folder = WanEvalKinds::componentFolder(variant, expert);
    EvalCase withLoras = c;
    withLoras.loras = WanLoraKeyMapping::lorasFor(c.loras, variant, expert); // @high: transformer, @low: transformer_2
    static const WanLoraKeyMapping mapping;
    LoraEval loras(withLoras, mapping, folder); // a LoRA this model cannot take is refused before its weights load
    auto model = WanTransformer3DModel::load(folder, evalDtype(at::kFloat), evalDevice());
    loras.apply(*model, evalDevice(), evalDtype(at::kFloat));
    WanTransformerInputs in;
    in.hiddenStates = requiredInput(c.input, "hidden_states");
    in.timestep = requiredInput(c.input, "timestep");
    in.encoderHiddenStates = requiredInput(c.input, "encoder_hidden_states");
    if (c.input.find("encoder_hidden_states_image"))
        in.encoderHiddenStatesImage = requiredInput(c.input, "encoder_hidden_states_image");
    WanTransformer3DModel::DebugTensors debug;
    const at::Tensor output = model->forwardWithDebug(in, debug);
    EvalOutputs out{{"output", output.to(at::kCPU, at::kFloat)}};
    for (const auto& [name, tensor] : debug)
        out["tap_" + name] = tensor.is_floating_point() ? tensor.to(at::kCPU, at::kFloat) : tensor.cpu();
    return out;
}

} // namespace framesmith
