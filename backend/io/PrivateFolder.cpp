#include "io/PrivateFolder.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <unistd.h>

namespace framesmith {

std::string PrivateFolder::inTemp(const std::string& stem)
{
    std::error_code ec;
    const std::filesystem::path temp = std::filesystem::temp_directory_path(ec);
    return ((ec ? std::filesystem::path("/tmp") : temp) / (stem + "-" + std::to_string(::getuid()))).string();
}

bool PrivateFolder::ensure(const std::string& path, std::string* why)
{
    if (::mkdir(path.c_str(), 0700) != 0 && errno != EEXIST) {
        *why = "the folder " + path + " cannot be created (" + std::strerror(errno) + ")";
        return false;
    }
    struct stat st {};
    if (::lstat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) { // lstat: a link is never followed
        *why = path + " is not a real folder (a link or a file someone else put there); it is not used";
        return false;
    }
    if (st.st_uid != ::getuid()) {
        *why = path + " belongs to another user; it is not used";
        return false;
    }
    if ((st.st_mode & 077) != 0 && ::chmod(path.c_str(), 0700) != 0) { // ours, but open to others: close it
        *why = path + " is open to other users and cannot be closed (" + std::strerror(errno) + ")";
        return false;
    }
    return true;
}

} // namespace framesmith
