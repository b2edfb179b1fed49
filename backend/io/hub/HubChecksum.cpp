#include "io/hub/HubChecksum.h"

#include "framesmith/Error.h"
#include "io/hub/Sha1.h"
#include "core/Sha256.h"

#include <filesystem>
#include <fstream>
#include <vector>

namespace framesmith {

bool HubChecksum::isSha256(const std::string& expected)
{
    return expected.size() == 64;
}

std::string HubChecksum::of(const std::string& path, const std::string& expected, const CancelToken& cancel)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw FileError(ErrorCode::Io, path, "cannot be read to check its checksum");
    std::vector<char> chunk(1 << 20);
    Sha256 sha256;
    Sha1 sha1;
    const bool isLfs = isSha256(expected);
    if (!isLfs) { // git hashes the header "blob <size>\0" before the bytes
        std::error_code ec;
        const std::string header = "blob " + std::to_string(std::filesystem::file_size(path, ec));
        sha1.update(header.c_str(), header.size() + 1);
    }
    while (in) {
        if (cancel.mode() != CancelMode::None)
            throw CancelledError("checksum of " + path);
        in.read(chunk.data(), static_cast<std::streamsize>(chunk.size()));
        const auto got = static_cast<std::size_t>(in.gcount());
        if (isLfs)
            sha256.update(chunk.data(), got);
        else
            sha1.update(chunk.data(), got);
    }
    if (in.bad())
        throw FileError(ErrorCode::Io, path, "reading failed while checking its checksum");
    return isLfs ? sha256.hexDigest() : sha1.hexDigest();
}

} // namespace framesmith
