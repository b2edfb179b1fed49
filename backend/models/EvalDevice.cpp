#include "models/EvalDevice.h"

#include "framesmith/Error.h"
#include "memory/monitor/DeviceMemory.h"

#include <cstdlib>
#include <string>

namespace framesmith {

c10::Device evalDevice()
{
    const char* name = std::getenv("FRAMESMITH_EVAL_DEVICE");
    if (!name || !*name)
        return c10::Device(c10::kCPU);
    c10::Device device(c10::kCPU);
    try {
        device = c10::Device(std::string(name));
    } catch (const std::exception&) {
        throw InvalidRequestError("FRAMESMITH_EVAL_DEVICE", "'" + std::string(name) + "' is not a device (cpu, cuda, cuda:1)");
    }
    // Said before any weight is read, instead of libtorch's backtrace at the first copy.
    if (device.is_cuda() && !DeviceMemory::hasCuda())
        throw InvalidRequestError("FRAMESMITH_EVAL_DEVICE",
                                  "'" + std::string(name) + "' asked, but " +
                                      (DeviceMemory::builtWithCuda() ? "no NVIDIA GPU is visible (check `nvidia-smi`)"
                                                                     : "this build has no CUDA (a CPU-only libtorch)"));
    return device;
}

c10::ScalarType evalDtype(c10::ScalarType caseDtype)
{
    const char* name = std::getenv("FRAMESMITH_EVAL_DTYPE");
    if (!name || !*name)
        return caseDtype;
    const std::string dtype(name);
    if (dtype == "float32")
        return c10::kFloat;
    if (dtype == "bfloat16")
        return c10::kBFloat16;
    if (dtype == "float16")
        return c10::kHalf;
    throw InvalidRequestError("FRAMESMITH_EVAL_DTYPE", "'" + dtype + "' is not float32, bfloat16 or float16");
}

at::Tensor onEvalDevice(const at::Tensor& input)
{
    return input.to(evalDevice());
}

} // namespace framesmith
