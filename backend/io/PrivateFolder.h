#pragma once
// A folder of this user's own in a place every user can write (the system's temporary folder):
// made with mode 0700 when it is missing, and used only when it is a real directory (not a
// symbolic link), owned by this user and closed to everyone else. Another local user who plants
// the name first (a link to their folder, a folder of theirs) gets nothing: the folder is refused,
// never followed. Torch-free; any thread.
#include <string>

namespace framesmith {

class PrivateFolder {
public:
    // <temporary folder>/<stem>-<uid>: $TMPDIR, else /tmp.
    static std::string inTemp(const std::string& stem);
    // Makes `path` (mode 0700) if missing, then checks it as above. False with *why when refused.
    static bool ensure(const std::string& path, std::string* why);
};

} // namespace framesmith
