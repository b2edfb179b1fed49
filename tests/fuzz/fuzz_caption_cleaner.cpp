// libFuzzer target: build and run with scripts/fuzz-user-inputs.sh caption_cleaner (clang,
// -fsanitize=fuzzer,address,undefined; -timeout=2 is the per-input time budget).
#include "CaptionCleanerFuzzTarget.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    framesmith::fuzz::runCaptionInput(data, size); // any escaping exception aborts: a finding
    return 0;
}
