#pragma once
// layer.1 of a T5 block: pre-norm feed-forward with a residual connection.
#include "text/T5DenseReluDense.h"
#include "text/T5LayerNorm.h"

namespace framesmith {

class T5LayerFF : public Module {
public:
    explicit T5LayerFF(const T5Config& config);
    // [B, L, D]; float32 when wo is (the residual sum promotes, as in the reference).
    at::Tensor forward(const at::Tensor& x) const;
    T5DenseReluDense& denseReluDense() const { return *m_denseReluDense; }

private:
    std::shared_ptr<T5DenseReluDense> m_denseReluDense;
    std::shared_ptr<T5LayerNorm> m_layerNorm;
};

} // namespace framesmith
