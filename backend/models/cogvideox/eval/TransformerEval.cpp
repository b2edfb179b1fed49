// `framesmith-cli eval transformer`: one CogVideoXTransformer3DModel forward from a fixture case
// (hidden_states, encoder_hidden_states, timestep, image_rotary_emb.cos/sin, ofs) -> output and
// the debug.* intermediates under the fixture's names; with --lora, the LoRAs applied first.
#include "models/EvalDevice.h"
#include "models/cogvideox/eval/CogVideoXEvalKinds.h"

#include "framesmith/Error.h"
#include "models/cogvideox/transformer/CogVideoXLoraKeyMapping.h"
#include "models/cogvideox/transformer/CogVideoXTransformer3D.h"
#include "models/lora/LoraEval.h"

#include <ATen/ATen.h>

#include <filesystem>

namespace framesmith {

namespace {

namespace fs = std::filesystem;

// --model may name the model folder or its transformer/ subfolder; without it the case metadata's
// model_dir is resolved against the case file's ancestors (fixtures keep paths relative to their root).
std::string transformerDir(const EvalCase& c)
{
    if (!c.modelDir.empty()) {
        fs::path dir(c.modelDir);
        if (fs::exists(dir / "transformer" / "config.json"))
            return (dir / "transformer").string();
        if (fs::exists(dir / "config.json"))
            return dir.string();
        throw FileError(ErrorCode::MissingFile, c.modelDir, "no transformer/config.json or config.json in this folder");
    }
    if (!c.meta.contains("model_dir") || !c.meta["model_dir"].is_string())
        throw InvalidRequestError("--model", "give --model DIR (the case metadata names no model_dir)");
    fs::path rel(c.meta["model_dir"].get<std::string>());
    for (fs::path base = fs::absolute(c.casePath).parent_path(); !base.empty(); base = base.parent_path()) {
        if (fs::exists(base / rel / "config.json"))
            return (base / rel).string();
        if (base == base.root_path())
            break;
    }
    throw FileError(ErrorCode::MissingFile, rel.string(), "model_dir of the case not found next to " + c.casePath);
}

c10::ScalarType transformerCaseDtype(const EvalCase& c)
{
    std::string name = c.meta.value("dtype", std::string("float32"));
    if (name == "bfloat16")
        return at::kBFloat16;
    if (name == "float16")
        return at::kHalf;
    return at::kFloat;
}

EvalOutputs evalTransformer(const EvalCase& c)
{
    const std::string dir = transformerDir(c);
    static const CogVideoXLoraKeyMapping mapping;
    LoraEval loras(c, mapping, dir); // a LoRA this model cannot take is refused before its weights load
    auto model = CogVideoXTransformer3D::load(dir, evalDtype(transformerCaseDtype(c)), evalDevice());
    loras.apply(*model, evalDevice(), evalDtype(transformerCaseDtype(c)));
    std::optional<RotaryEmbedding> rope;
    if (c.input.find("image_rotary_emb.cos"))
        rope = RotaryEmbedding{onEvalDevice(c.input.view("image_rotary_emb.cos")),
                               onEvalDevice(c.input.view("image_rotary_emb.sin"))};
    std::optional<at::Tensor> ofs;
    if (c.input.find("ofs"))
        ofs = onEvalDevice(c.input.view("ofs"));
    CogVideoXTransformer3D::DebugTensors debug;
    at::Tensor out = model->forwardWithDebug(onEvalDevice(c.input.view("hidden_states")),
                                             onEvalDevice(c.input.view("encoder_hidden_states")),
                                             onEvalDevice(c.input.view("timestep")), rope, ofs, debug);
    EvalOutputs outputs{{"output", out.to(at::kFloat)}};
    for (auto& [name, tensor] : debug)
        outputs["debug." + name] = tensor.to(at::kFloat);
    return outputs;
}

} // namespace

EvalKind cogVideoXTransformerEval()
{
    return {"transformer", "CogVideoXTransformer3DModel forward (output and debug.* intermediates)", evalTransformer};
}

} // namespace framesmith
