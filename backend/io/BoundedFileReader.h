#pragma once
// The one way to read a whole small file that someone else may have written (a job, a sidecar, a
// farm submission or state file, a JSON config): the file is opened without blocking (a FIFO in
// its place cannot hang the caller), judged on the open descriptor (a regular file, nothing
// swapped in between a check and the read), and read up to a size cap (a 3 GB sparse file or
// /dev/zero is refused unread, not read until memory runs out). Every refusal is a FileError
// naming the path: MissingFile, BadFile (a folder, FIFO, device, link when links are refused,
// too large) or Io. Children's output (sbatch, squeue, sacct) has the same cap and a deadline in
// cli/farm/CommandRunner. Torch-free; any thread.
#include <cstddef>
#include <string>

namespace framesmith {

class BoundedFileReader {
public:
    static constexpr std::size_t kMaxJobBytes = 1u << 20; // a job file or sidecar: a request is a few KiB

    enum class Links { Follow, Refuse }; // Refuse: the last path component may not be a symbolic link

    // Reads all of `path`; `what` names the kind for the messages ("job file", "state file").
    static std::string read(const std::string& path, std::size_t maxBytes, const std::string& what,
                            Links links = Links::Follow);

    // Reads all of an already-open regular file (fstat'ed by the caller); `path` names it in errors.
    static std::string readOpen(int fd, const std::string& path, std::size_t maxBytes, const std::string& what);

    // Opens `path` read-only and non-blocking and checks it is a regular file (not a folder, FIFO,
    // socket or device; with Links::Refuse not a link). Returns the descriptor; the caller closes it.
    static int openRegular(const std::string& path, const std::string& what, Links links = Links::Follow);

    // What a file of st_mode `mode` is, for a refusal: "a FIFO", "a device", "a directory", ...
    static std::string kindOf(unsigned int mode);

    // "12.0 MiB", "512 bytes": sizes in refusals.
    static std::string sizeText(unsigned long long bytes);
};

} // namespace framesmith
