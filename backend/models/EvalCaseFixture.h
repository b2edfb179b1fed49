#pragma once
// What a reference fixture case's metadata says, read the same way by every eval kind: the seed of
// its recorded generator call and the fixture files it names relative to the fixture tree. Pure
// (reads only whether files exist); any thread.
#include <cstdint>
#include <string>

namespace framesmith {

class EvalCaseFixture {
public:
    // "torch.Generator().manual_seed(123)" -> 123; throws InvalidRequestError when absent.
    static std::uint64_t seedFromCall(const std::string& generatorText);
    // A fixture-relative path from the metadata (e.g. "models/tiny-2b"), found by walking up from
    // the case file; `override` wins when not empty. Throws FileError (MissingFile) when not found.
    static std::string resolveFixturePath(const std::string& relative, const std::string& casePath,
                                          const std::string& override = "");
};

} // namespace framesmith
