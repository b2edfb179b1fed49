// libFuzzer target: build and run with scripts/fuzz-user-inputs.sh (clang, -fsanitize=fuzzer,address,undefined).
#include "ModelConfigFuzzTarget.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    framesmith::fuzz::runModelConfigInput(data, size); // any escaping exception aborts: a finding
    return 0;
}
