#pragma once
// Image and video conditioning of Open-Sora 1.2 as scripts/inference.py does it for loop 0: the
// references are read at the clip's size (OpenSoraReferenceFrames), encoded by the VAE
// (collect_references_batch: vae.encode samples the posteriors), and apply_mask_strategy writes
// their latent frames over the initial noise and returns the frame mask that RFLOW's mask branch
// and STDiT3's x_mask act on (0: the frame is kept, r: re-noised and denoised from t = 1000·r,
// 1: denoised from the start).
//
// A request's references: the start image first (GenerationRequest::startImagePath, or the image
// the app hands over), then GenerationRequest::references in order. A start image with no mask
// strategy is strategy "0" (reference 0 kept at latent frame 0: image-to-video).
// Noise: the reference draws the posterior samples from its global generator before
// manual_seed(1024), in a state left by building the models; the port draws them from a CPU
// generator of its own seeded with the request's seed, so the sampling draws (initial latents,
// then one per step) stay exactly the reference's and a seed always gives the same clip.
#include "framesmith/GenerationRequest.h"
#include "models/opensora/conditioning/OpenSoraMaskStrategy.h"

#include <ATen/core/Tensor.h>

#include <functional>
#include <string>
#include <vector>

namespace framesmith {

class OpenSoraConditioning {
public:
    // The references a request names, in index order ("" stands for the start image) and its
    // strategy. Checks everything that needs no file and no model: the strategy's syntax, that
    // every entry names an existing reference, that references come with a strategy. Throws
    // InvalidRequestError naming "conditioning" or "references".
    static OpenSoraConditioning fromRequest(const GenerationRequest& request, bool hasStartImage);

    bool empty() const { return m_strategy.empty(); }
    const std::vector<std::string>& referencePaths() const { return m_paths; }
    const OpenSoraMaskStrategy& strategy() const { return m_strategy; }
    // Opens every reference file but the start image (FileError naming it): before any model is loaded.
    void probeFiles() const;

    // apply_mask_strategy for one sample: z [1, C, T, h, w] gets the references' latent frames
    // ([C, T_ref, h, w] each, in index order) in place; returns the frame mask [1, T] float32.
    at::Tensor apply(at::Tensor& z, const std::vector<at::Tensor>& referenceLatents) const;

private:
    std::vector<std::string> m_paths;
    OpenSoraMaskStrategy m_strategy;
};

} // namespace framesmith
