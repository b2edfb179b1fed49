#include "schedulers/NoiseSource.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>

#include <sstream>

namespace framesmith {

static std::string shapeText(at::IntArrayRef shape)
{
    std::ostringstream out;
    out << shape;
    return out.str();
}

GeneratorNoise::GeneratorNoise(std::uint64_t seed)
    : m_generator(at::make_generator<at::CPUGeneratorImpl>(seed))
{
}

at::Tensor GeneratorNoise::draw(const std::vector<std::int64_t>& shape, const at::Tensor& like,
                                const std::string& purpose)
{
    // at::randn locks the generator itself; locking here too would deadlock.
    at::Tensor noise = at::randn(shape, m_generator, at::TensorOptions().dtype(at::kFloat));
    ++m_drawCount;
    return noise.to(like.device(), like.scalar_type());
}

RecordedNoise::RecordedNoise(std::vector<at::Tensor> draws) : m_draws(draws.begin(), draws.end()) {}

at::Tensor RecordedNoise::draw(const std::vector<std::int64_t>& shape, const at::Tensor& like,
                               const std::string& purpose)
{
    if (m_draws.empty())
        throw InvalidRequestError("noise", purpose + ": the recorded noise has no draw left (used " +
                                               std::to_string(m_drawCount) + ")");
    at::Tensor next = m_draws.front();
    if (next.sizes() != at::IntArrayRef(shape))
        throw ShapeError("recorded noise draw " + std::to_string(m_drawCount) + " (" + purpose + "): expected " +
                         shapeText(shape) + ", got " + shapeText(next.sizes()));
    m_draws.pop_front();
    ++m_drawCount;
    return next.to(like.device(), like.scalar_type());
}

} // namespace framesmith
