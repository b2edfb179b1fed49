#pragma once
// The weights of one component: a single .safetensors file, a sharded checkpoint through its
// *.safetensors.index.json, or a component folder holding either. An index is authoritative: every
// shard it names must exist and hold the tensors it lists; shard names must be plain file names.
#include "io/SafetensorsReader.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

class WeightSource {
public:
    // path: a .safetensors file, an index .json, or a folder (throws FileError when none fits).
    static WeightSource open(const std::string& path);

    std::vector<std::string> names() const;                  // sorted
    const TensorEntry* find(const std::string& name) const;  // nullptr when absent
    std::string fileOf(const std::string& name) const;       // the shard holding it
    at::Tensor view(const std::string& name) const;          // zero-copy CPU tensor
    // A converted copy on `device` (float8 widened); throws ShapeError when absent.
    at::Tensor load(const std::string& name, c10::ScalarType dtype, c10::Device device) const;
    std::uint64_t totalBytes() const;                        // bytes of every tensor named
    const std::vector<std::shared_ptr<SafetensorsReader>>& files() const { return m_files; }

private:
    static WeightSource openIndex(const std::string& path);

    std::vector<std::shared_ptr<SafetensorsReader>> m_files;
    std::map<std::string, std::size_t> m_fileOfTensor;       // name -> index in m_files
};

} // namespace framesmith
