#pragma once
// Where the standard-normal draws of a generation come from. One source serves a whole run, in the
// reference's draw order (I2V image posterior, initial latents, DPM steps), so a seed reproduces a
// clip and recorded draws can replace the generator (fixtures, regression runs).
// Not thread-safe: one run, one thread.
#include <ATen/core/Generator.h>
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace framesmith {

class NoiseSource {
public:
    virtual ~NoiseSource() = default;
    // A standard-normal tensor of `shape`, converted to `like`'s dtype and device.
    // `purpose` names the draw in errors ("step 3 noise 1").
    virtual at::Tensor draw(const std::vector<std::int64_t>& shape, const at::Tensor& like,
                            const std::string& purpose) = 0;
    virtual int drawCount() const = 0;
};

// torch.Generator().manual_seed(seed) on the CPU: draws in float32 on the CPU and then moves, so
// one seed gives the same clip on every device (diffusers' randn_tensor does the same for a CPU
// generator).
class GeneratorNoise : public NoiseSource {
public:
    explicit GeneratorNoise(std::uint64_t seed);
    at::Tensor draw(const std::vector<std::int64_t>& shape, const at::Tensor& like,
                    const std::string& purpose) override;
    int drawCount() const override { return m_drawCount; }

private:
    at::Generator m_generator;
    int m_drawCount = 0;
};

// Replays tensors recorded elsewhere, in order; a draw of another shape, or one too many, throws.
class RecordedNoise : public NoiseSource {
public:
    explicit RecordedNoise(std::vector<at::Tensor> draws);
    at::Tensor draw(const std::vector<std::int64_t>& shape, const at::Tensor& like,
                    const std::string& purpose) override;
    int drawCount() const override { return m_drawCount; }
    std::size_t remaining() const { return m_draws.size(); }

private:
    std::deque<at::Tensor> m_draws;
    int m_drawCount = 0;
};

} // namespace framesmith
