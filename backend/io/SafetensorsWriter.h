#pragma once
// Writes a .safetensors file atomically: everything goes to a unique "<path>.tmp-XXXXXX" beside it
// and is renamed over `path` only after a successful fsync, so a crash or a full disk never leaves a
// half file under the final name (a previous file there stays intact). One writer per thread.
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
    // Throws FileError naming path and reason: Io (cannot create, full disk, size limit) or
    // InvalidRequest (a repeated or reserved tensor name, a dtype safetensors cannot store).
    void write(const std::string& path) const;

private:
    std::string headerText(const std::string& path, const std::vector<std::size_t>& order) const;

    std::vector<std::pair<std::string, at::Tensor>> m_tensors;
    std::map<std::string, std::string> m_metadata;
};

} // namespace framesmith
