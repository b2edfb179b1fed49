#include "io/SafetensorsWriter.h"

#include "framesmith/Error.h"

#include <ATen/ATen.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <set>
#include <sys/stat.h>
#include <unistd.h>

namespace framesmith {

namespace {

std::string dtypeName(c10::ScalarType t, const std::string& tensor, const std::string& path)
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
    default:
        throw FileError(ErrorCode::InvalidRequest, path,
                        "tensor '" + tensor + "' has dtype " + c10::toString(t) + ", which safetensors cannot store");
    }
}

// write() until done: fwrite would hide the errno of a full disk (ENOSPC) or a size limit (EFBIG).
void writeAll(int fd, const void* data, std::size_t bytes, const std::string& path)
{
    const char* p = static_cast<const char*>(data);
    while (bytes > 0) {
        ssize_t n = ::write(fd, p, std::min<std::size_t>(bytes, std::size_t(1) << 30));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw FileError(ErrorCode::Io, path, std::string("write failed: ") + std::strerror(n < 0 ? errno : EIO));
        p += n;
        bytes -= static_cast<std::size_t>(n);
    }
}

// The reference writer's order (element size descending, then name) keeps every tensor aligned.
std::vector<std::size_t> storageOrder(const std::vector<std::pair<std::string, at::Tensor>>& tensors)
{
    std::vector<std::size_t> order(tensors.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        auto sa = tensors[a].second.element_size(), sb = tensors[b].second.element_size();
        return sa != sb ? sa > sb : tensors[a].first < tensors[b].first;
    });
    return order;
}

void syncFolder(const std::string& path)
{
    std::string folder = std::filesystem::path(path).parent_path().string();
    int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd); // best effort: the rename itself already succeeded
        ::close(fd);
    }
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

std::string SafetensorsWriter::headerText(const std::string& path, const std::vector<std::size_t>& order) const
{
    nlohmann::json header = nlohmann::json::object();
    if (!m_metadata.empty())
        header["__metadata__"] = m_metadata;
    std::set<std::string> seen;
    std::uint64_t offset = 0;
    for (std::size_t i : order) {
        const auto& [name, t] = m_tensors[i];
        if (name == "__metadata__" || !seen.insert(name).second)
            throw FileError(ErrorCode::InvalidRequest, path, "tensor name '" + name + "' is reserved or repeated");
        std::uint64_t bytes = t.numel() * t.element_size();
        header[name] = {{"dtype", dtypeName(t.scalar_type(), name, path)}, {"shape", t.sizes().vec()},
                        {"data_offsets", {offset, offset + bytes}}};
        offset += bytes;
    }
    std::string text = header.dump();
    text.append((8 - text.size() % 8) % 8, ' '); // keeps the data area 8-byte aligned
    return text;
}

void SafetensorsWriter::write(const std::string& path) const
{
    const std::vector<std::size_t> order = storageOrder(m_tensors);
    const std::string text = headerText(path, order);
    unsigned char lengthBytes[8];
    for (int i = 0; i < 8; ++i)
        lengthBytes[i] = static_cast<unsigned char>(static_cast<std::uint64_t>(text.size()) >> (8 * i));

    std::string tmp = path + ".tmp-XXXXXX";
    int fd = ::mkstemp(tmp.data());
    if (fd < 0)
        throw FileError(ErrorCode::Io, path, std::string("cannot create a temporary file beside it: ") +
                                                 std::strerror(errno));
    try {
        ::fchmod(fd, 0644);
        writeAll(fd, lengthBytes, 8, path);
        writeAll(fd, text.data(), text.size(), path);
        for (std::size_t i : order) {
            const at::Tensor& t = m_tensors[i].second;
            writeAll(fd, t.data_ptr(), t.numel() * t.element_size(), path);
        }
        if (::fsync(fd) != 0)
            throw FileError(ErrorCode::Io, path, std::string("flush to disk failed: ") + std::strerror(errno));
    } catch (...) {
        ::close(fd);
        ::unlink(tmp.c_str());
        throw;
    }
    if (::close(fd) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
        int err = errno;
        ::unlink(tmp.c_str());
        throw FileError(ErrorCode::Io, path, std::string("cannot finish writing: ") + std::strerror(err));
    }
    syncFolder(path);
}

} // namespace framesmith
