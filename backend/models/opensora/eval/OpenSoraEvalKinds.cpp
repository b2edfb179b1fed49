#include "models/opensora/eval/OpenSoraEvalKinds.h"

#include "framesmith/Error.h"
#include "models/opensora/eval/OpenSoraPipelineEval.h"
#include "models/opensora/OpenSoraRepoFolders.h"
#include "models/opensora/eval/OpenSoraRflowEval.h"
#include "models/opensora/OpenSoraTextEncoderEval.h"
#include "models/opensora/eval/OpenSoraVaeEval.h"
#include "models/opensora/eval/STDiT3Eval.h"

#include <filesystem>

namespace framesmith {

namespace fs = std::filesystem;

namespace {

std::map<std::string, at::Tensor> runScheduler(const std::string&, const SafetensorsReader& caseFile,
                                               const nlohmann::json& meta)
{
    return OpenSoraRflowEval::run(caseFile, meta); // RFLOW needs no model files
}

std::string metadataModelPath(const nlohmann::json& meta)
{
    for (const char* key : {"models_dir", "model_dir"})
        if (meta.is_object() && meta.contains(key) && meta[key].is_string())
            return meta[key].get<std::string>();
    return {};
}

// The folder at or above `folder` (not above `base`) holding one of the repos: metadata names a
// repo folder ("models/hpcai-tech/OpenSora-STDiT-v3") or the models root itself ("models").
std::string rootAbove(const fs::path& folder, const fs::path& base)
{
    for (fs::path p = folder; p.string().size() >= base.string().size(); p = p.parent_path()) {
        for (const char* repo : {OpenSoraRepoFolders::kStdit, OpenSoraRepoFolders::kVae, OpenSoraRepoFolders::kT5})
            if (OpenSoraRepoFolders::find(p.string(), repo))
                return p.string();
        if (p == p.root_path())
            break;
    }
    return folder.string(); // a repo folder on its own: the kinds accept it
}

} // namespace

const std::vector<OpenSoraEvalKind>& OpenSoraEvalKinds::all()
{
    static const std::vector<OpenSoraEvalKind> kinds{
        {"text-encoder", "Open-Sora prompts (scores appended, cleaned) through T5 with 300 tokens: input_ids, attention_mask, y",
         &OpenSoraTextEncoderEval::run},
        {"transformer", "one STDiT3 forward (output and debug.* taps)", &STDiT3Eval::run},
        {"vae", "OpenSoraVAE v1.2 encode/decode (2-D SDXL VAE and temporal VAE)", &OpenSoraVaeEval::run},
        {"scheduler", "RFLOW timesteps, add_noise and guided steps with recorded model outputs", &runScheduler},
        {"pipeline", "text-to-video as scripts/inference.py runs it (t5.*, stepK.*, final_latents, video)",
         &OpenSoraPipelineEval::run},
    };
    return kinds;
}

const OpenSoraEvalKind& OpenSoraEvalKinds::find(const std::string& name)
{
    std::string known;
    for (const OpenSoraEvalKind& kind : all()) {
        if (kind.name == name)
            return kind;
        known += (known.empty() ? "" : ", ") + kind.name;
    }
    throw InvalidRequestError("KIND", "Open-Sora has no eval kind '" + name + "' (known: " + known + ")");
}

std::string OpenSoraEvalKinds::modelRoot(const std::string& given, const nlohmann::json& meta, const std::string& casePath)
{
    if (!given.empty())
        return given;
    const fs::path relative(metadataModelPath(meta));
    if (relative.empty())
        throw InvalidRequestError("--model", "give --model DIR, the folder holding the Open-Sora repos (the case names "
                                             "no models_dir or model_dir)");
    std::error_code ec;
    for (fs::path base = fs::absolute(casePath, ec).parent_path(); !base.empty(); base = base.parent_path()) {
        if (fs::is_directory(base / relative, ec))
            return rootAbove(base / relative, base);
        if (base == base.root_path())
            break;
    }
    throw FileError(ErrorCode::MissingFile, relative.string(), "the case's model folder is not beside " + casePath +
                                                               " or any folder above it; give --model DIR");
}

std::map<std::string, at::Tensor> OpenSoraEvalKinds::run(const std::string& kind, const std::string& given,
                                                         const SafetensorsReader& caseFile, const nlohmann::json& meta)
{
    const OpenSoraEvalKind& handler = find(kind); // an unknown kind is refused before any folder is looked at
    return handler.run(modelRoot(given, meta, caseFile.path()), caseFile, meta);
}

} // namespace framesmith
