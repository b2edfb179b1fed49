#pragma once
// A request's LoRAs in the memory plan, from their files' headers (no tensor read): wraps a model's
// ModelPlanning so every figure built on it counts them. Side path (chooseLoraMode): the LoRA
// matrices rest in the compute dtype on the transformer's device for the whole run, and each
// patched Linear's x·Aᵀ [tokens, rank] and delta [tokens, out] live while it runs (denoise working
// memory). Merge: the merged copy of the largest touched weight stands beside the loaded one while
// it replaces it (the loaded one goes to host RAM: a copy of every touched weight, listed in
// describe() but not on any GPU). Pure; any thread.
#include "framesmith/GenerationRequest.h"
#include "memory/planner/ModelPlanning.h"

#include <memory>
#include <string>
#include <vector>

namespace framesmith {

struct LoraBytes {
    int count = 0;                       // enabled LoRAs whose files could be read
    std::int64_t elements = 0;           // of every low-rank pair and full delta
    std::int64_t maxRank = 0;
    std::int64_t maxOutFeatures = 0;     // of a patched Linear
    std::int64_t largestTouched = 0;     // elements of the largest weight a LoRA patches
    std::int64_t touchedElements = 0;    // of every weight a LoRA patches (module counted per LoRA)

    // Headers of the request's enabled LoRAs; a file that is missing or unreadable is left out
    // (the engine refuses it, with its reason, before anything loads).
    static LoraBytes of(const std::vector<LoraSpec>& loras);
};

class LoraPlanning : public ModelPlanning {
public:
    // `base` itself when the request has no enabled LoRA.
    static std::unique_ptr<ModelPlanning> wrap(std::unique_ptr<ModelPlanning> base, const GenerationRequest& request);
    // "2 LoRAs, 38.1 MiB: side path (+38.1 MiB on the transformer's device, +12.0 MiB while a Linear runs)".
    static std::string describe(const ModelPlanning& model, const GenerationRequest& request, const MemoryPreset& preset);

    // `loras`: every enabled LoRA; `perExpert`: those each expert of a two-expert model takes, in
    // stage order (high noise, then low noise: a LoRA without @high/@low goes on both).
    LoraPlanning(std::unique_ptr<ModelPlanning> base, LoraBytes loras, std::vector<LoraBytes> perExpert,
                 std::int64_t sequenceLength);

    ModelFootprint footprint(const MemoryPreset& preset) const override;
    std::int64_t textEncodeBytes(const GenerationRequest& request, ComputeDtype dtype) const override;
    std::int64_t denoiseBytes(const GenerationRequest& request, int batch, ComputeDtype dtype,
                              AttentionPath attention) const override;
    double denoiseFlops(const GenerationRequest& request, int batch) const override;
    std::int64_t denoiseSequenceLength(const GenerationRequest& request) const override;
    std::int64_t vaeDecodeBytes(const GenerationRequest& request, const MemoryPreset& preset, bool isCpu) const override;
    std::int64_t conditionEncodeBytes(const GenerationRequest& request, ComponentRole role, const MemoryPreset& preset,
                                      bool isCpu) const override;

    // What the LoRAs add to the transformer's device for the whole run, and to one denoising step.
    std::int64_t restingBytes(const MemoryPreset& preset) const { return restingBytes(m_loras, preset); }
    std::int64_t stepBytes(int batch, ComputeDtype dtype, bool isSidePath) const;

private:
    static std::int64_t restingBytes(const LoraBytes& loras, const MemoryPreset& preset);

    std::unique_ptr<ModelPlanning> m_base;
    LoraBytes m_loras;
    std::vector<LoraBytes> m_perExpert;
    std::int64_t m_sequenceLength = 0;
};

} // namespace framesmith
