#pragma once
// The shared farm folder is a trust boundary. <out>/.farm/<id>/ and the clips in <out> live on
// storage that every cluster user may be able to write, so nothing read there is believed: ids
// and names must be plain (no separators, no "..", no control characters), every file is opened
// inside the folder it belongs to without following a symbolic link on the way (openat with
// O_NOFOLLOW per component), must be a regular file with a single link (no FIFO, device or hard
// link to someone else's file) and is read with a size cap. A refusal is a FileError naming the
// file and the field. Files taken into the History are copied from the descriptor that was
// checked, never reopened by name. Any thread.
#include <cstddef>
#include <string>

namespace framesmith::cli {

class FarmFolder {
public:
    static constexpr std::size_t kMaxRecordBytes = 64u << 20; // submission.json (10k tasks: ~3 MiB)
    static constexpr std::size_t kMaxSmallFileBytes = 1u << 20; // a state file, job, sidecar, .path file

    // A submission id: [A-Za-z0-9][A-Za-z0-9._-]{0,99} without "..": it names the folder and the
    // History entries collected from it ("farm-<id>-<index>", which the app's HistoryStore accepts).
    static bool isSubmissionId(const std::string& id);
    // One file name: not empty, at most 255 bytes, no '/', no control character, not "." or "..".
    static bool isPlainName(const std::string& name);

    // Opens `relative` (plain names joined by '/') under `folder` (trusted: the user named it)
    // without following a symbolic link in any component, non-blocking; it must be a regular file
    // with one link. Returns the descriptor (the caller closes it). MissingFile when absent,
    // BadFile for anything else that is not such a file.
    static int openInside(const std::string& folder, const std::string& relative, const std::string& what);
    // openInside, then the whole file, at most maxBytes.
    static std::string readInside(const std::string& folder, const std::string& relative, std::size_t maxBytes,
                                  const std::string& what);
    // Copies `relative` under `folder` (opened as openInside does) to `to`, through a temporary
    // renamed into place. Throws FileError naming the source or `to`.
    static void copyInside(const std::string& folder, const std::string& relative, const std::string& to,
                           const std::string& what);

    // Makes `path` a new, real directory (mkdir: never an existing one, never through a link at
    // its own name). False when something is already there; throws FileError for other failures.
    static bool makeNewFolder(const std::string& path);
};

} // namespace framesmith::cli
