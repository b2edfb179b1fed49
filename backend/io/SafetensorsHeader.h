#pragma once
// The validated header and tensor table of a safetensors file, parsed from raw bytes. Torch-free so
// the fuzzer and the CLI can use it alone. Enforces what the format's reference reader enforces:
// bounded header, known dtypes, shape x dtype size = offset span, tensors tiling the data area
// exactly (no gaps, overlaps or trailing bytes), __metadata__ a string->string map.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace framesmith {

struct TensorEntry {
    std::string name;
    std::string dtype;                 // as in the file: "F32", "BF16", ...
    std::vector<std::int64_t> shape;
    std::uint64_t begin = 0;           // offsets inside the data area
    std::uint64_t end = 0;
};

struct SafetensorsHeader {
    static constexpr std::uint64_t kMaxHeaderBytes = 100'000'000; // the reference reader's limit
    static constexpr int kMaxJsonDepth = 8;                        // a valid header needs 3
    static constexpr std::size_t kMaxRank = 32;

    std::uint64_t dataOffset = 0;   // 8 + header length: where the data area starts in the file
    std::uint64_t dataBytes = 0;    // size of the data area (= sum of tensor spans)
    std::vector<TensorEntry> entries; // sorted by name
    std::map<std::string, std::string> metadata;

    // `data`/`size`: the whole file. Throws FileError(BadFile, path, problem) on any violation.
    static SafetensorsHeader parse(const unsigned char* data, std::size_t size, const std::string& path);

    // Bytes per element of a safetensors dtype name; 0 when the name is not supported.
    static std::size_t dtypeSize(const std::string& dtype);
    static const std::vector<std::string>& supportedDtypes();
};

} // namespace framesmith
