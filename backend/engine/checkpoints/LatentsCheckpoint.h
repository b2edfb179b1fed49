#pragma once
// The final latents of a run, written before decoding (atomically, SafetensorsWriter): tensor
// "latents" plus the full request JSON in the metadata, so a decode that runs out of memory or
// crashes never loses the denoising; `framesmith-cli decode` decodes it again later.
// A paused run's checkpoint is the same file with what continues it exactly: the sampler's state
// ("scheduler.<key>" tensors) and the noise source's ("noise.<key>"), with "paused" = "true";
// `framesmith-cli resume` (Engine::resume) runs its remaining steps.
#include "framesmith/GenerationRequest.h"
#include "schedulers/NoiseSource.h"

#include <ATen/core/Tensor.h>

#include <string>
#include <vector>

namespace framesmith {

struct LatentsCheckpoint {
    at::Tensor latents;        // [1, F, C, h, w] as the pipeline produced them (padding included)
    GenerationRequest request;
    std::string family;        // ModelFamilyInfo::name of the model
    int stepsCompleted = 0;
    int stepCount = 0;
    bool isPartial = false;    // denoising stopped early ("finish the stage")
    bool isPaused = false;     // resumable: stepsCompleted steps ran, the states below continue it
    StepState schedulerState;  // VideoPipeline::denoiseState()
    StepState noiseState;      // NoiseSource::saveState()

    void write(const std::string& path) const;              // throws FileError(Io)
    // What decoding these latents would hide: a partial denoise, NaN or infinite values. Empty
    // for a finished, finite checkpoint.
    std::vector<std::string> problems() const;
    // Throws FileError naming what is missing or malformed: counts and flags in the metadata are
    // parsed strictly, the latents must be floating point.
    static LatentsCheckpoint read(const std::string& path);
    // read() that also requires a paused checkpoint with finite latents (FileError naming the file
    // otherwise).
    static LatentsCheckpoint readPaused(const std::string& path);

    // <data root>/checkpoints/<time>-<ms>-seed<seed>[-N].latents.safetensors, a name no file had
    // ($FRAMESMITH_CHECKPOINT_DIR overrides the folder); the folder is created and the name
    // reserved as an empty file (O_EXCL), so no other process can take it; writing replaces it.
    static std::string defaultPath(const GenerationRequest& request);
    static std::string defaultFolder(); // not created
    // Such a fresh name in `folder` (created).
    static std::string freshPathIn(const std::string& folder, const GenerationRequest& request);
    // Removes "*.latents.safetensors.tmp-XXXXXX" files in `folder` left by a writer that was killed
    // (SIGKILL, a power cut) and untouched for an hour; returns how many. Never follows links.
    static int removeStaleTemporaries(const std::string& folder);
};

} // namespace framesmith
