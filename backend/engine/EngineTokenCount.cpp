// Engine::countTokens: the prompt's length in the model family's own tokenizer (the family keeps
// its tokenizer loaded between calls).
#include "framesmith/Engine.h"

#include "models/ModelRegistry.h"

namespace framesmith {

PromptTokenCount Engine::countTokens(const std::string& folder, const std::string& text)
{
    return ModelRegistry::createPipeline(folder, PipelineResources{})->countPromptTokens(text);
}

} // namespace framesmith
