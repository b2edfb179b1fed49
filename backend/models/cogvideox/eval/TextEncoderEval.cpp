// `framesmith-cli eval text-encoder --model DIR --case CASE.safetensors --out OUT.safetensors`:
// runs the T5 encoder (float32, CPU) on the case's input_ids, writes prompt_embeds, and
// prompt_embeds_with_attention_mask when the case holds attention_mask and that output.
#include "models/EvalDevice.h"
#include "models/cogvideox/eval/CogVideoXEvalKinds.h"

#include "framesmith/Error.h"
#include "text/T5Encoder.h"
#include "text/TextComponentFolders.h"

#include <ATen/ATen.h>
#include <ATen/core/grad_mode.h>

namespace framesmith {

namespace {

at::Tensor requireInput(const EvalCase& evalCase, const std::string& name)
{
    if (!evalCase.input.find(name))
        throw FileError(ErrorCode::BadFile, evalCase.casePath, "the case has no '" + name + "' tensor");
    return evalCase.input.view(name);
}

// The case metadata's "dtype" (float32 unless it names bfloat16/float16).
c10::ScalarType caseDtype(const EvalCase& evalCase)
{
    const std::string name = evalCase.meta.contains("dtype") && evalCase.meta["dtype"].is_string()
                                 ? evalCase.meta["dtype"].get<std::string>()
                                 : std::string("float32");
    if (name == "float32")
        return at::kFloat;
    if (name == "bfloat16")
        return at::kBFloat16;
    if (name == "float16")
        return at::kHalf;
    throw FileError(ErrorCode::BadFile, evalCase.casePath, "metadata dtype '" + name + "' is not supported");
}

EvalOutputs evalTextEncoder(const EvalCase& evalCase)
{
    if (evalCase.modelDir.empty())
        throw InvalidRequestError("--model", "give the model folder (or its text_encoder folder)");
    at::NoGradGuard noGrad;
    const auto encoder =
        T5Encoder::load(textEncoderFolderOf(evalCase.modelDir), evalDtype(caseDtype(evalCase)), evalDevice());
    const at::Tensor ids = onEvalDevice(requireInput(evalCase, "input_ids")); // [B, L]
    EvalOutputs out{{"prompt_embeds", encoder->forward(ids)}};
    const bool wantsMasked = evalCase.input.find("prompt_embeds_with_attention_mask") != nullptr;
    if (evalCase.input.find("attention_mask") && wantsMasked)
        out["prompt_embeds_with_attention_mask"] = encoder->forward(ids, onEvalDevice(evalCase.input.view("attention_mask")));
    return out;
}

} // namespace

EvalKind cogVideoXTextEncoderEval()
{
    return {"text-encoder", "T5 encoder on the case's input_ids -> prompt_embeds (+ prompt_embeds_with_attention_mask)",
            evalTextEncoder};
}

} // namespace framesmith
