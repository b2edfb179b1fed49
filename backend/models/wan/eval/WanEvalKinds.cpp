#include "models/wan/eval/WanEvalKinds.h"

#include "framesmith/Error.h"
#include "models/EvalCaseModel.h"
#include "models/wan/eval/WanPipelineEval.h"
#include "models/wan/eval/WanSchedulerEval.h"
#include "models/wan/eval/WanTextEncoderEval.h"
#include "models/wan/eval/WanTransformerEval.h"
#include "models/wan/eval/WanVaeEval.h"

#include <filesystem>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

bool isRegularFile(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}

// These fixture cases take no LoRA (they run no denoiser; transformer cases take --lora).
EvalKind withoutLora(EvalKind kind)
{
    EvalFunction run = kind.run;
    kind.run = [run](const EvalCase& c) {
        if (!c.loras.empty())
            throw InvalidRequestError("--lora", "Wan's component eval kinds take no LoRA");
        return run(c);
    };
    return kind;
}

} // namespace

std::vector<EvalKind> WanEvalKinds::all()
{
    return {
        withoutLora({"text-encoder",
                     "Wan prompts (prompt_clean, umt5 tokens, UMT5 with zero rows past each prompt): input_ids, "
                     "attention_mask, last_hidden_state, prompt_embeds",
                     &WanTextEncoderEval::run}),
        {"transformer",
         "one WanTransformer3DModel forward of the case's expert (output and tap_* taps), with --lora "
         "FILE[:STRENGTH][@high|@low] applied",
         &WanTransformerEval::run},
        withoutLora({"vae", "Wan 2.1 / 2.2 VAE encode, decode and tiled passes, or the concatenating I2V condition",
                     &WanVaeEval::run}),
        withoutLora({"scheduler", "UniPC (flow sigmas, shift) and flow-match Euler timesteps, sigmas and runs",
                     &WanSchedulerEval::run}),
        wanPipelineEval(),
    };
}

std::string WanEvalKinds::variantFolder(const EvalCase& c)
{
    const std::string given = c.modelDir.empty() ? evalCaseModelFolder(c.meta, c.casePath) : c.modelDir;
    if (given.empty())
        throw InvalidRequestError("--model", "give --model DIR, the Wan model folder (the case names no model_dir)");
    std::error_code ec;
    const fs::path start = fs::absolute(given, ec);
    for (fs::path p = start; !p.empty(); p = p.parent_path()) {
        if (isRegularFile(p / "model_index.json"))
            return p.string();
        if (p == p.root_path())
            break;
    }
    return start.string();
}

std::string WanEvalKinds::componentFolder(const std::string& folder, const std::string& component)
{
    if (isRegularFile(fs::path(folder) / "model_index.json"))
        return (fs::path(folder) / component).string();
    return folder;
}

} // namespace framesmith
