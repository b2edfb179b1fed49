#pragma once
// The caption rows each sample's video tokens attend to: STDiT3.encode_text packs the rows whose
// text mask is set into one sequence and cross-attends with a block-diagonal mask
// (xformers BlockDiagonalMask.from_seqlens); here each sample keeps its own rows, which is the
// same attention without materialising a mask. Without a mask every row is used.
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <optional>
#include <vector>

namespace framesmith {

struct STDiT3TextTokens {
    std::vector<at::Tensor> rows;      // per sample [L_b, hidden]
    std::vector<std::int64_t> lengths; // y_lens

    bool hasUniformLength() const;
    // y_embedder output [B, 1, L, hidden]; mask [Bm, L] (nonzero = keep), repeated to B by whole
    // copies as encode_text does (B must be a multiple of Bm). Throws ShapeError on bad shapes and
    // InvalidRequestError when a sample keeps no row (its attention would be undefined).
    static STDiT3TextTokens pack(const at::Tensor& embedded, const std::optional<at::Tensor>& mask);
    // [B] int64, the reference's y_lens.
    at::Tensor lengthsTensor() const;
};

} // namespace framesmith
