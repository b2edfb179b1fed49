// `eval pipeline`: runs a golden/<variant>/pipeline.safetensors case's request (prompt, negative
// prompt, size, frames, steps, guidance, seed from the metadata; initial latents and recorded noise
// draws from its tensors) and writes final_latents, video and every per-step tensor.
// FRAMESMITH_EVAL_NOISE=generator draws from the seeded CPU generator instead of the recordings.
#include "models/cogvideox/eval/CogVideoXEvalKinds.h"

#include "framesmith/Error.h"
#include "models/EvalCaseFixture.h"

#include <cstdlib>
#include <cstring>

namespace framesmith {

namespace {

EvalOutputs evalPipeline(const EvalCase& c)
{
    if (!c.runPipeline)
        throw Error(ErrorCode::Unavailable, "eval pipeline: this front end cannot run a whole pipeline (no engine)");
    const std::string modelDir =
        EvalCaseFixture::resolveFixturePath(c.meta.value("model_dir", ""), c.casePath, c.modelDir);
    PipelineCaseOptions options;
    const char* noise = std::getenv("FRAMESMITH_EVAL_NOISE");
    options.useRecordedNoise = !(noise && std::strcmp(noise, "generator") == 0);
    return c.runPipeline(c.input, c.meta, modelDir, options);
}

} // namespace

EvalKind cogVideoXPipelineEval()
{
    return {"pipeline", "a full pipeline call of golden/<variant>/pipeline.safetensors", evalPipeline};
}

} // namespace framesmith
