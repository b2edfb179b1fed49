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

namespace {

at::Tensor drawCountTensor(int count)
{
    return at::full({1}, static_cast<std::int64_t>(count), at::kLong);
}

int drawCountOf(const StepState& state)
{
    auto it = state.find("draws");
    if (it == state.end() || it->second.numel() != 1 || it->second.scalar_type() != at::kLong)
        throw FileError(ErrorCode::BadFile, "noise state", "\"draws\" is missing or not one int64");
    const std::int64_t count = it->second.item<std::int64_t>();
    if (count < 0 || count > 1000000000)
        throw FileError(ErrorCode::BadFile, "noise state", "\"draws\" is out of range: " + std::to_string(count));
    return static_cast<int>(count);
}

} // namespace

StepState GeneratorNoise::saveState() const
{
    // One run, one thread (see the header): no other draw can be under way.
    return {{"generator", m_generator.get_state()}, {"draws", drawCountTensor(m_drawCount)}};
}

void GeneratorNoise::restoreState(const StepState& state)
{
    auto it = state.find("generator");
    if (it == state.end() || it->second.scalar_type() != at::kByte || it->second.dim() != 1)
        throw FileError(ErrorCode::BadFile, "noise state", "\"generator\" is missing or not a uint8 vector");
    const int draws = drawCountOf(state);
    try {
        m_generator.set_state(it->second.contiguous());
    } catch (const c10::Error& e) {
        throw FileError(ErrorCode::BadFile, "noise state", std::string("\"generator\" is not a CPU generator state: ") +
                                                              e.what_without_backtrace());
    }
    m_drawCount = draws;
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

StepState RecordedNoise::saveState() const
{
    return {{"draws", drawCountTensor(m_drawCount)}};
}

void RecordedNoise::restoreState(const StepState& state)
{
    const int draws = drawCountOf(state);
    if (draws < m_drawCount || static_cast<std::size_t>(draws - m_drawCount) > m_draws.size())
        throw InvalidRequestError("noise", "the paused run used " + std::to_string(draws) +
                                               " recorded draws; this recording cannot continue it");
    while (m_drawCount < draws) {
        m_draws.pop_front();
        ++m_drawCount;
    }
}

} // namespace framesmith
