#include "engine/warm/PromptCache.h"

#include <ATen/ATen.h>

namespace framesmith {

namespace {

at::Tensor onHost(const at::Tensor& t)
{
    return t.defined() ? t.to(at::kCPU) : t; // same dtype: the embeddings come back bit for bit
}

} // namespace

bool PromptCache::Key::operator==(const Key& other) const
{
    return model == other.model && prompt == other.prompt && negativePrompt == other.negativePrompt &&
           isGuided == other.isGuided;
}

PromptCache::Key PromptCache::keyFor(const std::string& model, const GenerationRequest& request)
{
    // diffusers: do_classifier_free_guidance = guidance_scale > 1; without it the negative prompt is unused.
    const bool isGuided = request.guidanceScale > 1.0;
    return {model, request.prompt, isGuided ? request.negativePrompt : std::string(), isGuided};
}

const EncodedPrompts* PromptCache::find(const Key& key)
{
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
        if (it->first == key) {
            m_entries.splice(m_entries.begin(), m_entries, it);
            return &m_entries.front().second;
        }
    return nullptr;
}

void PromptCache::store(const Key& key, const EncodedPrompts& prompts)
{
    if (m_capacity == 0)
        return;
    EncodedPrompts copy = prompts;
    for (at::Tensor* t : {&copy.promptIds, &copy.negativePromptIds, &copy.promptEmbeds, &copy.negativePromptEmbeds})
        *t = onHost(*t);
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
        if (it->first == key) {
            m_entries.erase(it);
            break;
        }
    m_entries.emplace_front(key, std::move(copy));
    if (m_entries.size() > m_capacity)
        m_entries.pop_back();
}

} // namespace framesmith
