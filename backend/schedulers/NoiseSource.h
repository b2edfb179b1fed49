#pragma once
// Where the standard-normal draws of a generation come from. One source serves a whole run, in the
// reference's draw order (I2V image posterior, initial latents, DPM steps), so a seed reproduces a
// clip and recorded draws can replace the generator (fixtures, regression runs).
// Not thread-safe: one run, one thread.
#include <ATen/core/Generator.h>
#include <ATen/core/Tensor.h>

#include <cstdint>
#include <deque>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

// What a sampler or a noise source carries from one step to the next, by name: saved when a run
// pauses (the latents checkpoint stores each tensor under a prefix) and restored to continue it.
using StepState = std::map<std::string, at::Tensor>;

class NoiseSource {
public:
    virtual ~NoiseSource() = default;
    // A standard-normal tensor of `shape`, converted to `like`'s dtype and device.
    // `purpose` names the draw in errors ("step 3 noise 1").
    virtual at::Tensor draw(const std::vector<std::int64_t>& shape, const at::Tensor& like,
                            const std::string& purpose) = 0;
    virtual int drawCount() const = 0;
    // Between draws: where the source stands, so that a resumed run draws what the uninterrupted
    // one would have. restoreState takes what saveState of the same source type gave; throws
    // FileError(BadFile) naming the missing or malformed entry.
    virtual StepState saveState() const = 0;
    virtual void restoreState(const StepState& state) = 0;
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
    // "generator": the CPU generator's full state (Mersenne Twister and the cached normal
    // samples), "draws": the count so far.
    StepState saveState() const override;
    void restoreState(const StepState& state) override;

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
    // "draws": how many were used; restoring skips that many of the same recording.
    StepState saveState() const override;
    void restoreState(const StepState& state) override;
    std::size_t remaining() const { return m_draws.size(); }

private:
    std::deque<at::Tensor> m_draws;
    int m_drawCount = 0;
};

} // namespace framesmith
