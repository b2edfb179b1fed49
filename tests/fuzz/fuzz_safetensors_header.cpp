// libFuzzer target: build with scripts/fuzz-safetensors.sh (clang, -fsanitize=fuzzer,address,undefined).
#include "SafetensorsFuzzTarget.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    framesmith::fuzz::runSafetensorsInput(data, size); // any escaping exception aborts: a finding
    return 0;
}
