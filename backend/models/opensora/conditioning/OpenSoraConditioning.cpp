#include "models/opensora/conditioning/OpenSoraConditioning.h"

#include "framesmith/Error.h"
#include "models/opensora/conditioning/OpenSoraReferenceFrames.h"

#include <ATen/ATen.h>

namespace framesmith {

OpenSoraConditioning OpenSoraConditioning::fromRequest(const GenerationRequest& request, bool hasStartImage)
{
    OpenSoraConditioning c;
    if (hasStartImage)
        c.m_paths.emplace_back(); // the pipeline is handed the start image's pixels
    for (const std::string& path : request.references) {
        if (path.empty())
            throw InvalidRequestError("references", "a reference file name is empty");
        c.m_paths.push_back(path);
    }
    std::string text = request.conditioning;
    if (text.empty() && hasStartImage)
        text = "0"; // image-to-video: the start image kept at latent frame 0
    c.m_strategy = OpenSoraMaskStrategy::parse(text);
    if (c.m_strategy.empty() && !c.m_paths.empty())
        throw InvalidRequestError("conditioning", "references are given but no mask strategy places them: add one, "
                                                  "e.g. \"0,0,0,0,1,0\" (reference 0's first latent frame at frame 0)");
    for (const OpenSoraMaskEntry& e : c.m_strategy.entries)
        if (e.reference >= static_cast<int>(c.m_paths.size()))
            throw InvalidRequestError("conditioning", "the mask strategy uses reference " + std::to_string(e.reference) +
                                                          " but " + std::to_string(c.m_paths.size()) + " " +
                                                          (c.m_paths.size() == 1 ? "is" : "are") +
                                                          " given (the start image is reference 0, then the "
                                                          "references in order)");
    return c;
}

void OpenSoraConditioning::probeFiles() const
{
    for (const std::string& path : m_paths)
        if (!path.empty())
            OpenSoraReferenceFrames::probe(path);
}

at::Tensor OpenSoraConditioning::apply(at::Tensor& z, const std::vector<at::Tensor>& referenceLatents) const
{
    if (z.dim() != 5 || z.size(0) != 1)
        throw ShapeError("conditioning: expected latents [1, C, T, h, w], got " + std::string(c10::str(z.sizes())));
    if (referenceLatents.size() != m_paths.size())
        throw Error(ErrorCode::Internal, "conditioning: " + std::to_string(referenceLatents.size()) +
                                             " encoded references for " + std::to_string(m_paths.size()) + " files");
    const std::int64_t frames = z.size(2);
    at::Tensor mask = at::ones({frames}, at::kFloat);
    for (const OpenSoraMaskEntry& e : m_strategy.entries) {
        const at::Tensor& ref = referenceLatents.at(e.reference); // [C, T_ref, h, w]
        if (ref.dim() != 4 || ref.size(0) != z.size(1) || ref.size(2) != z.size(3) || ref.size(3) != z.size(4))
            throw ShapeError("conditioning: reference " + std::to_string(e.reference) + " encodes to " +
                             std::string(c10::str(ref.sizes())) + ", which does not fit latents " +
                             std::string(c10::str(z.sizes())));
        const OpenSoraMaskPlacement p = m_strategy.place(e, frames, ref.size(1));
        z[0].slice(1, p.targetStart, p.targetStart + p.length)
            .copy_(ref.slice(1, p.referenceStart, p.referenceStart + p.length));
        mask.slice(0, p.targetStart, p.targetStart + p.length).fill_(e.editRatio);
    }
    return mask.unsqueeze(0);
}

} // namespace framesmith
