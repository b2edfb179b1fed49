#include "io/SafetensorsReader.h"

#include "framesmith/Error.h"
#include "io/MappedFile.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>

namespace framesmith {

namespace {

// Minimal first version: the io issue hardens validation (see issue 3).
c10::ScalarType scalarTypeOf(const std::string& dtype, const std::string& path, const std::string& name)
{
    static const std::map<std::string, c10::ScalarType> types = {
        {"F64", c10::kDouble}, {"F32", c10::kFloat}, {"F16", c10::kHalf}, {"BF16", c10::kBFloat16},
        {"I64", c10::kLong}, {"I32", c10::kInt}, {"I16", c10::kShort}, {"I8", c10::kChar},
        {"U8", c10::kByte}, {"BOOL", c10::kBool}};
    auto it = types.find(dtype);
    if (it == types.end())
        throw FileError(ErrorCode::BadFile, path, "tensor '" + name + "' has unsupported dtype '" + dtype + "'");
    return it->second;
}

} // namespace

SafetensorsReader::SafetensorsReader(const std::string& path) : m_path(path)
{
    m_file = std::make_shared<MappedFile>(path);
    if (m_file->size() < 8)
        throw FileError(ErrorCode::BadFile, path, "too short to be a safetensors file");
    std::uint64_t headerLength = 0;
    std::memcpy(&headerLength, m_file->data(), 8);
    if (headerLength > m_file->size() - 8)
        throw FileError(ErrorCode::BadFile, path, "header length exceeds the file size");
    m_dataOffset = 8 + headerLength;
    auto header = nlohmann::json::parse(m_file->data() + 8, m_file->data() + m_dataOffset, nullptr, false);
    if (header.is_discarded() || !header.is_object())
        throw FileError(ErrorCode::BadFile, path, "header is not a JSON object");
    for (auto& [key, value] : header.items()) {
        if (key == "__metadata__") {
            for (auto& [mk, mv] : value.items())
                m_metadata[mk] = mv.get<std::string>();
            continue;
        }
        TensorEntry e;
        e.name = key;
        e.dtype = value.at("dtype").get<std::string>();
        e.shape = value.at("shape").get<std::vector<std::int64_t>>();
        e.begin = value.at("data_offsets").at(0).get<std::uint64_t>();
        e.end = value.at("data_offsets").at(1).get<std::uint64_t>();
        if (e.end < e.begin || e.end > m_file->size() - m_dataOffset)
            throw FileError(ErrorCode::BadFile, path, "tensor '" + key + "' has offsets outside the data area");
        m_entries.push_back(std::move(e));
    }
    std::sort(m_entries.begin(), m_entries.end(), [](auto& a, auto& b) { return a.name < b.name; });
}

const TensorEntry* SafetensorsReader::find(const std::string& name) const
{
    auto it = std::lower_bound(m_entries.begin(), m_entries.end(), name,
                               [](const TensorEntry& e, const std::string& n) { return e.name < n; });
    return (it != m_entries.end() && it->name == name) ? &*it : nullptr;
}

at::Tensor SafetensorsReader::view(const std::string& name) const
{
    const TensorEntry* e = find(name);
    if (!e)
        throw FileError(ErrorCode::BadFile, m_path, "no tensor named '" + name + "'");
    auto type = scalarTypeOf(e->dtype, m_path, name);
    auto keepAlive = m_file;
    void* ptr = m_file->data() + m_dataOffset + e->begin;
    return at::from_blob(ptr, e->shape, [keepAlive](void*) {}, at::TensorOptions().dtype(type));
}

at::Tensor SafetensorsReader::load(const std::string& name, c10::ScalarType dtype, c10::Device device) const
{
    return view(name).to(device, dtype, /*non_blocking=*/false, /*copy=*/true);
}

} // namespace framesmith
