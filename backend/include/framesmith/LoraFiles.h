#pragma once
// What the studio shows of LoRA files without loading a tensor: one file described from its
// safetensors header (layout, ranks, modules, kohya's training notes), the LoRA files in the usual
// folders with two-expert models' high/low-noise pairs recognised by their names, and which experts a
// model's LoRAs may be given to. Plain values; pure (reads headers and folders); any thread.
#include "framesmith/LoraSpec.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace framesmith {

struct LoraFileSummary {
    std::string path;
    std::uint64_t fileBytes = 0;
    std::string layout;               // "diffusers/PEFT", "ComfyUI (original names)", "kohya (lora_unet_)"
    std::vector<std::int64_t> ranks;  // distinct, ascending (empty: full deltas only)
    std::int64_t moduleCount = 0;
    std::int64_t tensorCount = 0;
    // kohya / musubi training notes ("" when the file has none)
    std::string title;
    std::string baseModel;
    std::string networkDim;
    std::string networkAlpha;
    std::vector<std::pair<std::string, std::int64_t>> triggerWords; // most used first
};

// Reads the header only. Throws FileError naming the file: not a safetensors file, bad metadata,
// or no LoRA weight at all (a full checkpoint). Shapes and values are checked when a run uses it.
LoraFileSummary describeLoraFile(const std::string& path);

// "high" or "low" when the file's name marks one expert of a two-expert pair (`..._high_noise...`,
// `..._HIGH_...`, `high_noise_model`), else "".
std::string loraExpertFromName(const std::string& path);
// The other file of the pair `path` belongs to, in the same folder, when it is there; else "".
std::string loraPairPartner(const std::string& path);

struct LoraFileEntry {
    std::string path;
    std::string expert;  // loraExpertFromName
    std::string partner; // loraPairPartner ("" when none)
};

// The data root's loras/ folder, then `added` (e.g. ComfyUI's models/loras), without repeats.
std::vector<std::string> loraFolders(const std::vector<std::string>& added);
// The .safetensors files directly inside each folder (missing folders are skipped), sorted by name
// within a folder.
std::vector<LoraFileEntry> findLoraFiles(const std::vector<std::string>& folders);

// The experts a LoRA may be given to alone on the model in `modelDir`: {"high", "low"} for a
// two-expert model, empty for one transformer, a model that takes no LoRA or no model.
std::vector<std::string> loraExpertsOf(const std::string& modelDir);
// Where the engine will find `spec`'s file (its path, else the same name in the data root's loras/
// with the recorded sha256). Throws FileError (MissingFile) naming the file and its sha256.
std::string locateLoraFile(const LoraSpec& spec);

} // namespace framesmith
