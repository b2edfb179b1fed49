#include "io/SafetensorsWriter.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unistd.h>

namespace framesmith {

namespace {

std::string dtypeName(c10::ScalarType t)
{
    switch (t) {
    case c10::kDouble: return "F64";
    case c10::kFloat: return "F32";
    case c10::kHalf: return "F16";
    case c10::kBFloat16: return "BF16";
    case c10::kLong: return "I64";
    case c10::kInt: return "I32";
    case c10::kShort: return "I16";
    case c10::kChar: return "I8";
    case c10::kByte: return "U8";
    case c10::kBool: return "BOOL";
    default: throw Error(ErrorCode::Internal, std::string("safetensors cannot store dtype ") + c10::toString(t));
    }
}

void writeAll(std::FILE* f, const void* data, std::size_t bytes, const std::string& path)
{
    if (bytes && std::fwrite(data, 1, bytes, f) != bytes)
        throw FileError(ErrorCode::Io, path, std::string("write failed: ") + std::strerror(errno));
}

} // namespace

void SafetensorsWriter::add(const std::string& name, const at::Tensor& tensor)
{
    m_tensors.emplace_back(name, tensor.detach().to(at::kCPU).contiguous());
}

void SafetensorsWriter::setMetadata(const std::string& key, const std::string& value)
{
    m_metadata[key] = value;
}

void SafetensorsWriter::write(const std::string& path) const
{
    nlohmann::json header = nlohmann::json::object();
    if (!m_metadata.empty())
        header["__metadata__"] = m_metadata;
    std::uint64_t offset = 0;
    for (const auto& [name, t] : m_tensors) {
        std::uint64_t bytes = t.numel() * t.element_size();
        header[name] = {{"dtype", dtypeName(t.scalar_type())}, {"shape", t.sizes().vec()},
                        {"data_offsets", {offset, offset + bytes}}};
        offset += bytes;
    }
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' '); // keeps the data area 8-byte aligned
    std::uint64_t headerLength = text.size();

    std::string tmp = path + ".tmp-" + std::to_string(::getpid());
    std::FILE* f = std::fopen(tmp.c_str(), "wb");
    if (!f)
        throw FileError(ErrorCode::Io, path, std::string("cannot create: ") + std::strerror(errno));
    try {
        writeAll(f, &headerLength, 8, path);
        writeAll(f, text.data(), text.size(), path);
        for (const auto& entry : m_tensors)
            writeAll(f, entry.second.data_ptr(), entry.second.numel() * entry.second.element_size(), path);
        if (std::fflush(f) != 0 || ::fsync(fileno(f)) != 0)
            throw FileError(ErrorCode::Io, path, std::string("flush failed: ") + std::strerror(errno));
    } catch (...) {
        std::fclose(f);
        std::remove(tmp.c_str());
        throw;
    }
    if (std::fclose(f) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
        int err = errno;
        std::remove(tmp.c_str());
        throw FileError(ErrorCode::Io, path, std::string("cannot finish writing: ") + std::strerror(err));
    }
}

} // namespace framesmith
