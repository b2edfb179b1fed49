#pragma once
// What a farm task says of itself, in <submission>/state/<index>.json, written atomically by the
// task (`farm run-task`): "running" when it starts, then "ok", "failed" (with the reason, the exit
// code and a kept latents checkpoint) or "cancelled" (Slurm's SIGTERM: scancel or the time limit).
// It is the one source that needs no accounting database; a task killed outright (SIGKILL, a lost
// node) leaves "running" behind, which `farm status` reads with squeue's word. Any thread.
#include <optional>
#include <string>

namespace framesmith::cli {

struct FarmTaskState {
    std::string state;       // "running", "ok", "failed", "cancelled"
    std::string reason;      // the clip for "ok"; why, otherwise
    int exitCode = -1;       // framesmith-cli's exit code (3: out of memory); -1 while running
    std::string latentsPath; // a failed run's kept latents (in the submission folder), or ""
    std::string host;        // the node it ran on
    std::string updatedAt;   // UTC, ISO 8601

    static void write(const std::string& path, FarmTaskState state); // stamps updatedAt; throws FileError
    // nullopt: none, or unreadable (a FIFO, a link, over 1 MiB, not a state this program wrote).
    static std::optional<FarmTaskState> read(const std::string& path);
    static std::optional<FarmTaskState> fromJson(const std::string& text); // nullopt: not a state
};

} // namespace framesmith::cli
