#pragma once
// Reads one .safetensors file through a private memory mapping. The header is validated before
// any tensor is handed out; tensors are zero-copy views that keep the mapping alive.
#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <cstdint>
#include <map>
#include <memory>
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

class MappedFile;

class SafetensorsReader {
public:
    explicit SafetensorsReader(const std::string& path); // throws FileError naming path and problem

    const std::string& path() const { return m_path; }
    const std::vector<TensorEntry>& entries() const { return m_entries; } // sorted by name
    const TensorEntry* find(const std::string& name) const;               // nullptr when absent
    const std::map<std::string, std::string>& metadata() const { return m_metadata; }

    // A CPU tensor on the mapping (copy-on-write pages: writing to it never touches the file).
    at::Tensor view(const std::string& name) const;
    // A converted copy on `device` (F8 formats are widened here).
    at::Tensor load(const std::string& name, c10::ScalarType dtype, c10::Device device) const;

private:
    std::string m_path;
    std::shared_ptr<MappedFile> m_file;
    std::uint64_t m_dataOffset = 0;
    std::vector<TensorEntry> m_entries;
    std::map<std::string, std::string> m_metadata;
};

} // namespace framesmith
