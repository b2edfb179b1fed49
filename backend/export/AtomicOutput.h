#pragma once
// Write-then-rename for exports. Everything is written under a temporary name in the target's
// folder; commit() flushes it to disk and renames it over the final name. Destroying an
// uncommitted AtomicOutput removes the temporary, so a cancel, an error or a full disk never
// leaves a broken file under the final name. One thread at a time.
#include <string>

namespace framesmith {

class AtomicOutput {
public:
    enum class Kind { File, Folder };

    // Creates the temporary ("<path>.tmp-XXXXXX"); throws FileError naming `path` and the reason.
    AtomicOutput(std::string path, Kind kind);
    ~AtomicOutput();
    AtomicOutput(const AtomicOutput&) = delete;
    AtomicOutput& operator=(const AtomicOutput&) = delete;

    const std::string& path() const { return m_path; }
    const std::string& tempPath() const { return m_tempPath; }
    void commit(); // fsync, then rename over path (a folder replaces an older folder)
    void discard();

    // Writes a small text file (a sidecar) as the whole temporary content (Kind::File only).
    void writeText(const std::string& text);

    // Unlinks every temporary file an AtomicOutput of this process holds right now. Async-signal-
    // safe (unlink only): for a handler that ends the process on a second Ctrl-C, so even that
    // leaves no "*.tmp-XXXXXX" behind. Temporary folders (PNG sequences) are left to the caller.
    static void removePendingFiles();

private:
    void commitFolder();

    std::string m_path;
    std::string m_tempPath;
    Kind m_kind;
    bool m_isOpen = false;
};

} // namespace framesmith
