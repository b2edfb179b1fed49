#include "io/SafetensorsHeader.h"

#include "framesmith/Error.h"
#include "io/JsonGuard.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <limits>
#include <tuple>

namespace framesmith {

namespace {

using Json = nlohmann::json;

[[noreturn]] void fail(const std::string& path, const std::string& problem)
{
    throw FileError(ErrorCode::BadFile, path, problem);
}

std::string describeType(const Json& v)
{
    if (v.is_number_float())
        return "the number " + v.dump();
    if (v.is_number_integer() && !v.is_number_unsigned())
        return "the negative number " + v.dump();
    std::string text = v.dump();
    return std::string(v.type_name()) + " " + (text.size() > 40 ? text.substr(0, 40) + "..." : text);
}

// Header length: bounded, inside the file, and followed by a JSON object.
std::uint64_t headerLength(const unsigned char* data, std::size_t size, const std::string& path)
{
    if (size == 0)
        fail(path, "empty file (0 bytes): not a safetensors file");
    if (size < 8)
        fail(path, "only " + std::to_string(size) + " bytes: too short for the 8-byte safetensors header length");
    unsigned char raw[8];
    std::memcpy(raw, data, 8);
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i) // little-endian on every host
        n = (n << 8) | raw[i];
    if (n > SafetensorsHeader::kMaxHeaderBytes)
        fail(path, "header length " + std::to_string(n) + " bytes exceeds the " +
                       std::to_string(SafetensorsHeader::kMaxHeaderBytes) + "-byte limit: not a safetensors file");
    if (n > size - 8)
        fail(path, "header length " + std::to_string(n) + " bytes exceeds the file size (" + std::to_string(size) +
                       " bytes): truncated or not a safetensors file");
    if (n == 0 || data[8] != '{')
        fail(path, "header does not start with '{': not a safetensors file");
    return n;
}

std::uint64_t unsignedField(const Json& v, const std::string& path, const std::string& what)
{
    if (!v.is_number_unsigned())
        fail(path, what + " must be a non-negative integer, got " + describeType(v));
    return v.get<std::uint64_t>();
}

std::vector<std::int64_t> parseShape(const Json& shape, const std::string& path, const std::string& name)
{
    if (!shape.is_array())
        fail(path, "tensor '" + name + "': shape must be an array, got " + describeType(shape));
    if (shape.size() > SafetensorsHeader::kMaxRank)
        fail(path, "tensor '" + name + "': " + std::to_string(shape.size()) + " dimensions is more than the " +
                       std::to_string(SafetensorsHeader::kMaxRank) + " supported");
    std::vector<std::int64_t> dims;
    for (const Json& d : shape) {
        std::uint64_t n = unsignedField(d, path, "tensor '" + name + "': every dimension");
        if (n > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
            fail(path, "tensor '" + name + "': dimension " + std::to_string(n) + " is too large");
        dims.push_back(static_cast<std::int64_t>(n));
    }
    return dims;
}

std::uint64_t byteSpan(const TensorEntry& e, const std::string& path)
{
    std::uint64_t bytes = SafetensorsHeader::dtypeSize(e.dtype);
    for (std::int64_t d : e.shape)
        if (__builtin_mul_overflow(bytes, static_cast<std::uint64_t>(d), &bytes))
            fail(path, "tensor '" + e.name + "': shape size overflows 64 bits");
    return bytes;
}

TensorEntry parseEntry(const std::string& name, const Json& v, const std::string& path)
{
    if (!v.is_object())
        fail(path, "tensor '" + name + "': entry must be an object, got " + describeType(v));
    for (const char* key : {"dtype", "shape", "data_offsets"})
        if (!v.contains(key))
            fail(path, "tensor '" + name + "': missing \"" + key + "\"");
    TensorEntry e;
    e.name = name;
    if (!v["dtype"].is_string())
        fail(path, "tensor '" + name + "': dtype must be a string, got " + describeType(v["dtype"]));
    e.dtype = v["dtype"].get<std::string>();
    if (SafetensorsHeader::dtypeSize(e.dtype) == 0)
        fail(path, "tensor '" + name + "': unsupported dtype '" + e.dtype.substr(0, 40) + "'");
    e.shape = parseShape(v["shape"], path, name);
    const Json& offsets = v["data_offsets"];
    if (!offsets.is_array() || offsets.size() != 2)
        fail(path, "tensor '" + name + "': data_offsets must be [begin, end], got " + describeType(offsets));
    e.begin = unsignedField(offsets[0], path, "tensor '" + name + "': data_offsets");
    e.end = unsignedField(offsets[1], path, "tensor '" + name + "': data_offsets");
    if (e.end < e.begin)
        fail(path, "tensor '" + name + "': data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                       "] end before they begin");
    std::uint64_t span = byteSpan(e, path);
    if (e.end - e.begin != span)
        fail(path, "tensor '" + name + "': shape and dtype need " + std::to_string(span) +
                       " bytes but data_offsets span " + std::to_string(e.end - e.begin));
    return e;
}

std::map<std::string, std::string> parseMetadata(const Json& v, const std::string& path)
{
    if (!v.is_object())
        fail(path, "__metadata__ must be an object of strings, got " + describeType(v));
    std::map<std::string, std::string> out;
    for (const auto& [key, value] : v.items()) {
        if (!value.is_string())
            fail(path, "__metadata__ must map strings to strings; '" + key + "' is " + describeType(value));
        out[key] = value.get<std::string>();
    }
    return out;
}

// The reference reader walks tensors in offset order and requires each to start where the
// previous one ended and the last to end exactly at the end of the file.
void checkCoverage(std::vector<TensorEntry> byOffset, std::uint64_t dataBytes, const std::string& path)
{
    for (const TensorEntry& e : byOffset)
        if (e.end > dataBytes)
            fail(path, "tensor '" + e.name + "': data_offsets [" + std::to_string(e.begin) + ", " +
                           std::to_string(e.end) + "] reach past the end of the data area (" +
                           std::to_string(dataBytes) + " bytes): file truncated or offsets out of range");
    std::sort(byOffset.begin(), byOffset.end(),
              [](const TensorEntry& a, const TensorEntry& b) { return std::tie(a.begin, a.end) < std::tie(b.begin, b.end); });
    std::uint64_t position = 0;
    const TensorEntry* previous = nullptr;
    for (const TensorEntry& e : byOffset) {
        if (e.begin < position)
            fail(path, "tensor '" + e.name + "' overlaps tensor '" + previous->name + "' (offset " +
                           std::to_string(e.begin) + " < " + std::to_string(position) + ")");
        if (e.begin > position)
            fail(path, "gap of " + std::to_string(e.begin - position) + " unused bytes before tensor '" + e.name + "'");
        position = e.end;
        previous = &e;
    }
    if (position != dataBytes)
        fail(path, std::to_string(dataBytes - position) + " trailing bytes after the last tensor");
}

} // namespace

std::size_t SafetensorsHeader::dtypeSize(const std::string& dtype)
{
    static const std::map<std::string, std::size_t> sizes = {
        {"F64", 8}, {"F32", 4}, {"F16", 2}, {"BF16", 2}, {"F8_E4M3", 1}, {"F8_E5M2", 1},
        {"I64", 8}, {"I32", 4}, {"I16", 2}, {"I8", 1},   {"U8", 1},      {"BOOL", 1}};
    auto it = sizes.find(dtype);
    return it == sizes.end() ? 0 : it->second;
}

const std::vector<std::string>& SafetensorsHeader::supportedDtypes()
{
    static const std::vector<std::string> names = {"F64", "F32", "F16", "BF16", "F8_E4M3", "F8_E5M2",
                                                   "I64", "I32", "I16", "I8",   "U8",      "BOOL"};
    return names;
}

SafetensorsHeader SafetensorsHeader::parse(const unsigned char* data, std::size_t size, const std::string& path)
{
    SafetensorsHeader h;
    std::uint64_t n = headerLength(data, size, path);
    h.dataOffset = 8 + n;
    h.dataBytes = size - h.dataOffset;
    Json header = JsonGuard::parse(reinterpret_cast<const char*>(data) + 8, n, kMaxJsonDepth, path, "header");
    if (!header.is_object())
        fail(path, "header is not a JSON object");
    for (const auto& [key, value] : header.items()) {
        if (key == "__metadata__")
            h.metadata = parseMetadata(value, path);
        else
            h.entries.push_back(parseEntry(key, value, path));
    }
    checkCoverage(h.entries, h.dataBytes, path);
    std::sort(h.entries.begin(), h.entries.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    return h;
}

} // namespace framesmith
