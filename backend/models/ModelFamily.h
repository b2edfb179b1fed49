#pragma once
// A model family: everything the rest of Framesmith may know about one kind of model, asked
// through this interface only. A family is a folder under backend/models/<name>/ plus one line in
// ModelRegistry.cpp; nothing outside its folder names it (tests/architecture/tst_FamilyBoundaries).
// It recognises its models by its own rules (files and configs, never folder names), describes
// them from their files (variant, ParameterSpec, components, the planner's numbers), builds their
// pipelines, lists its samplers and fixture evals, and writes its own demo model.
// Contract: implementations are stateless and immutable; every method may be called from any
// thread (createPipeline's result then belongs to the calling thread). Methods that read a folder
// throw FileError naming the file that is missing or wrong, before any weight is read.
#include "framesmith/ModelInfo.h"
#include "memory/planner/ModelPlanning.h"
#include "models/EvalKind.h"
#include "models/FolderRecognition.h"
#include "models/ModelInspection.h"
#include "models/VideoPipeline.h"
#include "schedulers/SchedulerRegistry.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class LoraKeyMapping;
class Module;

// A weighted component's module built from its config.json alone: nothing is read or allocated, so
// module->parameters() lists the tensors its checkpoint holds, names and shapes.
struct ComponentModule {
    std::shared_ptr<Module> module; // nullptr: the component has no weights, or the family writes none
    std::string weightsStem;        // the file stem: "model" (transformers) or "diffusion_pytorch_model"
};

struct DemoModelOptions {
    std::string tokenizerDir;        // a T5 SentencePiece tokenizer (DemoTokenizer::findDir())
    std::uint64_t seed = 20261122;   // every weight is drawn from it: the same seed, the same model
    std::string variant;             // one of ModelFamily::demoVariants(); "" the family's default
};

class ModelFamily {
public:
    virtual ~ModelFamily() = default;

    virtual ModelFamilyInfo info() const = 0;

    // Cheap (a few small files): Claimed when `folder` is the root of one of the family's models,
    // Refused (naming the file) when the family's marker is there but the folder cannot be its model.
    // Never throws.
    virtual FolderRecognition recognise(const std::string& folder) const = 0;
    // The model described from its files: ModelInfo (with the ParameterSpec), components, missing
    // and unexpected files. `folder` was Claimed.
    virtual ModelInspection inspect(const std::string& folder) const = 0;
    // What the memory planner needs: weight bytes per component and block, activations per stage.
    virtual std::unique_ptr<ModelPlanning> planning(const std::string& folder) const = 0;
    // Reads configs only; weights load stage by stage as the pipeline runs.
    virtual std::unique_ptr<VideoPipeline> createPipeline(const std::string& folder,
                                                          const PipelineResources& resources) const = 0;

    // The samplers its models offer (ParameterSpec::schedulers lists the same, in order), and one
    // built for a model: requested "" is the model's own; throws InvalidRequestError("scheduler").
    // The engine builds one before any weight loads (EngineSetup), so a sampler the model cannot
    // build is refused early; the sampler contract test builds every one through it.
    virtual const SchedulerRegistry& schedulers() const = 0;
    virtual std::unique_ptr<Scheduler> createScheduler(const std::string& folder, const std::string& requested) const = 0;
    // `framesmith-cli eval KIND` handlers for its fixture cases, dispatched when it recognises --model.
    virtual std::vector<EvalKind> evalKinds() const = 0;
    // A small random-weight model of this family in `dir` (created; refuses a non-empty folder that
    // is not such a model), recognised by recognise() and marked as a demo. Throws FileError (Io).
    virtual void writeDemoModel(const std::string& dir, const DemoModelOptions& options) const = 0;
    // The demo layouts it can write besides its default, the default first; empty: one layout only.
    virtual std::vector<std::string> demoVariants() const { return {}; }
    // How LoRA files name its denoiser's modules (models/lora/); nullptr: its models take no LoRA.
    // The object lives as long as the family.
    virtual const LoraKeyMapping* loraKeyMapping() const { return nullptr; }
    // `component`'s module from its config.json (ComponentModule), which the GPU runbook fills with
    // random values to write full-size models from the published configs (bench/gpu). Default: none.
    // Throws FileError naming a config that cannot be read.
    virtual ComponentModule componentModule(const std::string& component, const std::string& configJsonPath) const
    {
        (void)component;
        (void)configJsonPath;
        return {};
    }
};

} // namespace framesmith
