#pragma once
// How a LoRA file's tensor keys read, from the names alone (no tensor data): which part of which
// module a key is (down/up, alpha, full delta) in which layout, and which keys Framesmith leaves
// alone. Shared by LoraFile (which loads the tensors) and the door's describeLoraFile (which reads
// the header only), so both tell a LoRA from a checkpoint the same way. Pure; any thread.
#include <cstdint>
#include <optional>
#include <string>

namespace framesmith {

enum class LoraKeyLayout { Invalid, Diffusers, Original, Underscored };
enum class LoraKeyPart { Down, Up, UpBias, Alpha, Diff, DiffBias };

struct LoraKeyName {
    LoraKeyLayout layout = LoraKeyLayout::Invalid;
    std::string module; // prefix and suffix stripped ("blocks_0_self_attn_q")
    LoraKeyPart part = LoraKeyPart::Down;

    // The key's module and part, or nothing for a key that is no LoRA weight (a model's own weight).
    static std::optional<LoraKeyName> parse(const std::string& key);
    // Text-encoder LoRA keys (lora_te*, text_encoder*) and DoRA's dora_scale: read, never applied.
    static bool isIgnored(const std::string& key);
    // The refusal of a file with no LoRA weight among its `tensorCount` tensors; `otherKey` is one of
    // its non-LoRA keys ("" when none), shown as the sign of a full checkpoint.
    static std::string notALoraMessage(std::int64_t tensorCount, const std::string& otherKey);
};

} // namespace framesmith
