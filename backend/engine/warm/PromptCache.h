#pragma once
// Prompt embeddings a warm engine keeps between generations, keyed by (model and text-encoder
// dtype, prompt, negative prompt, guidance on/off), so that regenerating with another seed or
// other settings skips the text encoder. Held in host RAM, the few most recent only. The worker
// thread only.
#include "models/VideoPipeline.h"

#include <cstddef>
#include <list>
#include <string>

namespace framesmith {

class PromptCache {
public:
    struct Key {
        std::string model;          // the model folder and the text encoder's dtype
        std::string prompt;
        std::string negativePrompt; // empty without guidance
        bool isGuided = false;
        bool operator==(const Key& other) const;
    };

    explicit PromptCache(std::size_t capacity = 8) : m_capacity(capacity) {}

    static Key keyFor(const std::string& model, const GenerationRequest& request);
    // The stored embeddings (now the most recent), or nullptr.
    const EncodedPrompts* find(const Key& key);
    void store(const Key& key, const EncodedPrompts& prompts); // copied to host RAM
    void clear() { m_entries.clear(); }
    std::size_t size() const { return m_entries.size(); }

private:
    std::size_t m_capacity;
    std::list<std::pair<Key, EncodedPrompts>> m_entries; // most recent first
};

} // namespace framesmith
