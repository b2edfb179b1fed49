#pragma once
// Reads one .safetensors file through a private memory mapping. The whole header and tensor table
// are validated (SafetensorsHeader) before any tensor is handed out; tensors are zero-copy views
// that keep the mapping alive. Const methods may be called from any thread.
// Caveat: a file truncated by another process while mapped raises SIGBUS on access; nothing in a
// mapping can prevent that, so model folders must not be rewritten while a model is loaded.
#include "io/SafetensorsHeader.h"

#include <ATen/core/Tensor.h>
#include <c10/core/Device.h>
#include <c10/core/ScalarType.h>

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class MappedFile;

class SafetensorsReader {
public:
    explicit SafetensorsReader(const std::string& path); // throws FileError naming path and problem

    const std::string& path() const { return m_path; }
    const std::vector<TensorEntry>& entries() const { return m_header.entries; } // sorted by name
    const TensorEntry* find(const std::string& name) const;               // nullptr when absent
    const std::map<std::string, std::string>& metadata() const { return m_header.metadata; }
    std::uint64_t dataBytes() const { return m_header.dataBytes; }        // sum of all tensor bytes
    std::uint64_t fileBytes() const;

    // A CPU tensor on the mapping (copy-on-write pages: writing to it never touches the file).
    // Copied only when the data is not aligned to its element size. F8_E4M3/F8_E5M2 tensors come
    // back as their raw bytes (kByte, same shape): libtorch 1.13 has no float8 type; use load().
    at::Tensor view(const std::string& name) const;
    // A converted copy on `device` (F8 formats are widened here).
    at::Tensor load(const std::string& name, c10::ScalarType dtype, c10::Device device) const;

    // The torch type view() returns for a safetensors dtype name (kByte for F8 formats).
    static c10::ScalarType viewType(const std::string& dtype);

private:
    const TensorEntry& entry(const std::string& name) const; // throws FileError when absent

    std::string m_path;
    std::shared_ptr<MappedFile> m_file;
    SafetensorsHeader m_header;
};

} // namespace framesmith
