#include "io/SafetensorsReader.h"

#include "framesmith/Error.h"
#include "io/Float8Codec.h"
#include "io/MappedFile.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <cstring>

namespace framesmith {

SafetensorsReader::SafetensorsReader(const std::string& path) : m_path(path)
{
    m_file = std::make_shared<MappedFile>(path);
    m_header = SafetensorsHeader::parse(m_file->data(), m_file->size(), path);
}

std::uint64_t SafetensorsReader::fileBytes() const
{
    return m_file->size();
}

c10::ScalarType SafetensorsReader::viewType(const std::string& dtype)
{
    static const std::map<std::string, c10::ScalarType> types = {
        {"F64", c10::kDouble}, {"F32", c10::kFloat}, {"F16", c10::kHalf},   {"BF16", c10::kBFloat16},
        {"F8_E4M3", c10::kByte}, {"F8_E5M2", c10::kByte},
        {"I64", c10::kLong},   {"I32", c10::kInt},   {"I16", c10::kShort},  {"I8", c10::kChar},
        {"U8", c10::kByte},    {"BOOL", c10::kBool}};
    auto it = types.find(dtype);
    if (it == types.end())
        throw Error(ErrorCode::Internal, "no torch type for safetensors dtype '" + dtype + "'");
    return it->second;
}

const TensorEntry* SafetensorsReader::find(const std::string& name) const
{
    const auto& entries = m_header.entries;
    auto it = std::lower_bound(entries.begin(), entries.end(), name,
                               [](const TensorEntry& e, const std::string& n) { return e.name < n; });
    return (it != entries.end() && it->name == name) ? &*it : nullptr;
}

const TensorEntry& SafetensorsReader::entry(const std::string& name) const
{
    const TensorEntry* e = find(name);
    if (!e)
        throw FileError(ErrorCode::BadFile, m_path, "no tensor named '" + name + "'");
    return *e;
}

at::Tensor SafetensorsReader::view(const std::string& name) const
{
    const TensorEntry& e = entry(name);
    auto type = viewType(e.dtype);
    auto options = at::TensorOptions().dtype(type);
    unsigned char* ptr = m_file->data() + m_header.dataOffset + e.begin;
    const std::size_t elementSize = SafetensorsHeader::dtypeSize(e.dtype);
    if (e.end == e.begin)
        return at::empty(e.shape, options);
    if (reinterpret_cast<std::uintptr_t>(ptr) % elementSize != 0) {
        // Unaligned element access is undefined behaviour for vectorised kernels: copy once.
        at::Tensor copy = at::empty(e.shape, options);
        std::memcpy(copy.data_ptr(), ptr, e.end - e.begin);
        return copy;
    }
    auto keepAlive = m_file;
    return at::from_blob(ptr, e.shape, [keepAlive](void*) {}, options);
}

at::Tensor SafetensorsReader::load(const std::string& name, c10::ScalarType dtype, c10::Device device) const
{
    const TensorEntry& e = entry(name);
    at::Tensor copy = Float8Codec::isFloat8(e.dtype)
                          ? Float8Codec::widen(view(name), e.dtype).to(device, dtype, /*non_blocking=*/false, /*copy=*/false)
                          : view(name).to(device, dtype, /*non_blocking=*/false, /*copy=*/true);
    // The copy is synchronous: the pages read can leave the resident set now.
    m_file->release(m_header.dataOffset + e.begin, e.end - e.begin);
    return copy;
}

} // namespace framesmith
