#pragma once
// A simulated memory leak, so the growth remedy can be proven on a CPU-only machine:
// FRAMESMITH_INJECT_LEAK=<MiB>[:cache] keeps <MiB> more bytes alive on the run's device after every
// denoising step.
//   without ":cache"  held like a real leak (a tensor something forgot): nothing frees it;
//   with ":cache"     held like the caching allocator's reserve: releasing the cache frees it,
//                     as torch.cuda.empty_cache() frees PyTorch's cached blocks.
// The worker thread only.
#include <ATen/core/Tensor.h>

#include <string>
#include <vector>

namespace framesmith {

class LeakInjector {
public:
    static constexpr const char* kVariable = "FRAMESMITH_INJECT_LEAK";

    LeakInjector() = default;                           // inactive
    static LeakInjector parse(const std::string& spec); // throws InvalidRequestError naming the variable
    static LeakInjector fromEnvironment();              // inactive when unset or empty

    bool isActive() const { return m_bytesPerStep > 0; }
    std::int64_t bytesPerStep() const { return m_bytesPerStep; }
    bool isCacheLike() const { return m_isCacheLike; }
    std::int64_t heldBytes() const;

    void afterStep(const std::string& device); // leaks one more step's bytes on `device`
    void releaseCache();                       // frees the cache-like leak only

private:
    std::int64_t m_bytesPerStep = 0;
    bool m_isCacheLike = false;
    std::vector<at::Tensor> m_held;
};

} // namespace framesmith
