#include "io/hub/HubCacheLayout.h"

#include "framesmith/Error.h"

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;

namespace framesmith {

namespace {

void createFolders(const fs::path& folder)
{
    std::error_code ec;
    fs::create_directories(folder, ec);
    if (ec)
        throw FileError(ErrorCode::Io, folder.string(), "cannot be created: " + ec.message());
}

} // namespace

HubCacheLayout::HubCacheLayout(std::string cacheDir, std::string repoId)
    : m_cacheDir(std::move(cacheDir)), m_repoId(std::move(repoId))
{
}

std::string HubCacheLayout::repoFolder() const
{
    std::string name = "models--" + m_repoId;
    for (auto pos = name.find('/'); pos != std::string::npos; pos = name.find('/'))
        name.replace(pos, 1, "--");
    return (fs::path(m_cacheDir) / name).string();
}

std::string HubCacheLayout::blobPath(const std::string& checksum) const
{
    return (fs::path(repoFolder()) / "blobs" / checksum).string();
}

std::string HubCacheLayout::incompletePath(const std::string& checksum) const
{
    return blobPath(checksum) + ".incomplete";
}

std::string HubCacheLayout::snapshotFolder(const std::string& commit) const
{
    return (fs::path(repoFolder()) / "snapshots" / commit).string();
}

std::string HubCacheLayout::snapshotFile(const std::string& commit, const std::string& path) const
{
    return (fs::path(snapshotFolder(commit)) / path).string();
}

bool HubCacheLayout::hasBlob(const HubFile& file) const
{
    std::error_code ec;
    const fs::path blob = blobPath(file.checksum);
    return fs::is_regular_file(blob, ec) && fs::file_size(blob, ec) == file.size && !ec;
}

void HubCacheLayout::linkSnapshotFile(const std::string& commit, const HubFile& file) const
{
    const fs::path link = snapshotFile(commit, file.path);
    createFolders(link.parent_path());
    std::error_code ec;
    fs::remove(link, ec);
    const fs::path target = fs::path(blobPath(file.checksum)).lexically_relative(link.parent_path());
    fs::create_symlink(target, link, ec);
    if (ec) { // e.g. a FAT or SMB cache: huggingface_hub then copies too
        ec.clear();
        fs::copy_file(blobPath(file.checksum), link, fs::copy_options::overwrite_existing, ec);
    }
    if (ec)
        throw FileError(ErrorCode::Io, link.string(), "cannot be linked to its blob: " + ec.message());
}

void HubCacheLayout::writeRef(const std::string& revision, const std::string& commit) const
{
    if (revision == commit)
        return;
    const fs::path ref = fs::path(repoFolder()) / "refs" / revision;
    if (fs::path(revision).lexically_normal().string().rfind("..", 0) == 0 || fs::path(revision).is_absolute())
        throw InvalidRequestError("revision", "'" + revision + "' cannot be a ref name");
    createFolders(ref.parent_path());
    const fs::path temporary = ref.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << commit; // huggingface_hub writes the hash without a newline
        if (!out)
            throw FileError(ErrorCode::Io, temporary.string(), "cannot be written");
    }
    std::error_code ec;
    fs::rename(temporary, ref, ec);
    if (ec)
        throw FileError(ErrorCode::Io, ref.string(), "cannot be written: " + ec.message());
}

} // namespace framesmith
