#pragma once
// Where a run's latents checkpoint goes, decided before denoising starts: a missing, read-only or
// full folder must not cost a finished denoise. The asked-for path (or the default folder) is
// probed by creating a file in it; when it cannot take one, a fresh name in the first writable
// fallback folder is used and notice() says why. A write that still fails (the disk filled during
// the run) is retried in the fallbacks. Thread: the runner's.
#include "framesmith/GenerationRequest.h"

#include <string>

namespace framesmith {

struct LatentsCheckpoint;

class CheckpointTarget {
public:
    CheckpointTarget() = default;
    ~CheckpointTarget(); // removes a reserved default name the run never wrote
    CheckpointTarget(CheckpointTarget&& other) noexcept;
    CheckpointTarget& operator=(CheckpointTarget&& other) noexcept;
    CheckpointTarget(const CheckpointTarget&) = delete;
    CheckpointTarget& operator=(const CheckpointTarget&) = delete;

    // wanted: "" for LatentsCheckpoint::defaultPath. Throws FileError(Io) only when no folder,
    // fallbacks included, can take a file.
    static CheckpointTarget choose(const std::string& wanted, const GenerationRequest& request);

    const std::string& path() const { return m_path; }
    const std::string& notice() const { return m_notice; } // empty when path() is what was asked for

    // Writes to path(), else to a fresh name in a fallback folder; returns the path written.
    std::string write(const LatentsCheckpoint& checkpoint);

    // True when a file can be created in `folder` and it has room for a checkpoint.
    static bool canWriteIn(const std::string& folder, std::string* why);

private:
    void releaseReservation();

    std::string m_path;
    std::string m_reserved; // an empty file this target created to hold a fresh name, until written
    std::string m_notice;
    GenerationRequest m_request;
};

} // namespace framesmith
