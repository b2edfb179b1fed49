#pragma once
// How a front end wants Engine::generate and Engine::decode to run a request: what the CLI's flags
// and the app's settings choose beyond the clip itself. Plain values; any thread.
#include "framesmith/DeviceInfo.h"

#include <optional>
#include <string>
#include <vector>

namespace framesmith {

class GenerationHooks; // backend callers only (engine/GenerationHooks.h): recorded noise, observers

// The VAE's speed-for-memory levers for one decode, in place of the preset's.
struct DecodeOptions {
    bool tiling = true;
    bool slicing = false;
    int tileHeight = 240; // pixels
    int tileWidth = 360;
};

struct GenerateOptions {
    std::string latentsInPath;        // safetensors with tensor "latents": the initial latents instead of a draw
    std::string saveLatentsPath;      // the checkpoint; "" : the checkpoint folder, named by time and seed
    bool isDecodeWanted = true;       // false: stop after the checkpoint (result.clip stays empty)
    bool isPreviewWanted = true;      // latent previews after every step (ProgressSink::onPreview)
    // "" : where the preset puts things; "cpu": everything on the CPU in float32, decoded untiled;
    // "cuda:N": the preset's placement with GPU N as the first device.
    std::string device;
    // Plan and place for these devices instead of the detected ones. A "cuda:N" this machine lacks
    // runs on the CPU while every byte is counted where the plan put it (tests, CI).
    std::vector<DeviceInfo> devices;
    // JSON report of the run (preset, per-stage peaks, placement: streamed blocks, traffic);
    // "" : $FRAMESMITH_MEMORY_REPORT when set, else none.
    std::string memoryReportPath;
    std::optional<DecodeOptions> decode; // VAE settings in place of the preset's
    // Pause once this many denoising steps are done (0: never), as CancelMode::Pause would: for
    // scripts and tests. A resumed run starting at that step does not pause again there.
    int pauseAfterStep = 0;
    GenerationHooks* hooks = nullptr;    // not owned; outlives the call
};

// Decoding a latents checkpoint again (framesmith-cli decode, the app's "Decode again").
struct DecodeRequest {
    std::string checkpointPath;
    std::string modelPath;            // "" : the model the checkpoint names
    DecodeOptions vae;
    // true: the VAE settings the run itself resolved (the checkpoint records its preset, an
    // "auto" one included), as resuming an interrupted run wants; `vae` only for a checkpoint that
    // records none. false: `vae`, as "Decode again" and `framesmith-cli decode` choose.
    bool isVaeAsRecorded = false;
    std::string device;               // as GenerateOptions::device
    std::vector<DeviceInfo> devices;  // as GenerateOptions::devices
    GenerationHooks* hooks = nullptr; // receives the float frames
};

} // namespace framesmith
