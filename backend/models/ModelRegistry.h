#pragma once
// Every model family this build runs (ModelFamily), one line each in ModelRegistry.cpp, and the
// questions the rest of the backend asks about a folder without knowing its family: which family
// recognises it, what it is (inspect), what the planner needs (planning), its pipeline. The runner,
// the Engine, the planner, the CLI and discovery never name a family. Any thread.
#include "models/ModelFamily.h"

#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class ModelRegistry {
public:
    static const std::vector<std::unique_ptr<ModelFamily>>& families();
    static const ModelFamily* find(const std::string& name); // by ModelFamilyInfo::name; nullptr when unknown

    // The family that claims `folder`; nullptr when none does (the folder may not exist).
    static const ModelFamily* recognise(const std::string& folder);
    // True when some family claims or refuses `folder` (discovery lists it, with its problem).
    static bool looksLikeAModel(const std::string& folder);
    // The family that claims `folder`, else FileError: MissingFile / BadFile when it is absent or a
    // file, a family's refusal (naming its file) when one refused it, else MissingFile naming the
    // folder and what each family looks for.
    static const ModelFamily& familyOf(const std::string& folder);
    // The family that claims `path` or its nearest ancestor (a component folder inside a model, a
    // file in it); `root` receives the claimed folder. nullptr when none.
    static const ModelFamily* recogniseAbove(const std::string& path, std::string* root = nullptr);

    // familyOf(folder) asked the same question.
    static ModelInspection inspect(const std::string& folder);
    static std::unique_ptr<ModelPlanning> planning(const std::string& folder);
    static std::unique_ptr<VideoPipeline> createPipeline(const std::string& folder, const PipelineResources& resources);
};

} // namespace framesmith
