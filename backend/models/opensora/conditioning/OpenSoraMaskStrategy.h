#pragma once
// Open-Sora 1.2's mask strategy (opensora/utils/inference_utils.py at df5668c: parse_mask_strategy,
// find_nearest_point, the index arithmetic of apply_mask_strategy), the family's syntax of
// GenerationRequest::conditioning. Entries are separated by ";", each
// "loop,reference,reference_start,target_start,length,edit_ratio" with the reference's defaults
// for fields left off ("0" alone = reference 0's first latent frame at frame 0, kept as is). Starts
// count latent frames and may be negative (from the end). One extra entry "align=N" is
// scripts/inference.py's `align` (starts moved to the nearest multiple of N).
//
// Stricter than the reference where it would fail late or silently: Framesmith generates one loop,
// so loop ids other than 0 (the reference skips them in loop 0) are refused; lengths below 1, edit
// ratios outside [0, 1], unknown references and starts outside the clip or the reference are
// refused naming the field "conditioning". Any thread.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace framesmith {

struct OpenSoraMaskEntry {
    int loop = 0;
    int reference = 0;          // index into the references (the start image first, when there is one)
    int referenceStart = 0;     // latent frame of the reference; negative: from its end
    int targetStart = 0;        // latent frame of the clip; negative: from its end
    int length = 1;             // latent frames
    double editRatio = 0.0;     // 0: kept as given; r: re-noised and denoised from t = 1000·r on
};

// Where an entry lands once the clip's and the reference's lengths are known.
struct OpenSoraMaskPlacement {
    std::int64_t referenceStart = 0;
    std::int64_t targetStart = 0;
    std::int64_t length = 0;
};

struct OpenSoraMaskStrategy {
    std::vector<OpenSoraMaskEntry> entries;
    std::optional<int> align;

    bool empty() const { return entries.empty(); }

    // Throws InvalidRequestError("conditioning") naming the entry and what is wrong with it.
    static OpenSoraMaskStrategy parse(const std::string& text);
    // find_nearest_point(value, point, max_value).
    static std::int64_t nearestPoint(std::int64_t value, std::int64_t point, std::int64_t maxValue);
    // apply_mask_strategy's arithmetic: negative starts from the end, align, then the length cut to
    // what both hold. Throws InvalidRequestError("conditioning") when nothing of the entry fits.
    OpenSoraMaskPlacement place(const OpenSoraMaskEntry& entry, std::int64_t latentFrames,
                                std::int64_t referenceFrames) const;
};

} // namespace framesmith
