#pragma once
// Writes a .safetensors file atomically: everything goes to "<path>.tmp-XXXX" first and is renamed
// over `path` only after a successful flush, so a crash or a full disk never leaves a half file.
#include <ATen/core/Tensor.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace framesmith {

class SafetensorsWriter {
public:
    void add(const std::string& name, const at::Tensor& tensor); // copied to CPU, contiguous
    void setMetadata(const std::string& key, const std::string& value);
    void write(const std::string& path) const; // throws FileError (Io) naming path and reason

private:
    std::vector<std::pair<std::string, at::Tensor>> m_tensors;
    std::map<std::string, std::string> m_metadata;
};

} // namespace framesmith
