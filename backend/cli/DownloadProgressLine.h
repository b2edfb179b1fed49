#pragma once
// The terminal's view of a Hub download: one line redrawn in place on a terminal ("[ 42%] 1.20 of
// 2.85 GiB · 31.5 MiB/s · ETA 54 s · 3/12 vae/diffusion_pytorch_model.safetensors"), one line per
// file otherwise (logs stay readable). Writes to stderr. One thread.
#include "framesmith/ModelDownloads.h"

#include <string>

namespace framesmith::cli {

class DownloadProgressLine {
public:
    explicit DownloadProgressLine(bool isQuiet = false);
    ~DownloadProgressLine();

    void update(const DownloadProgress& progress);
    void finish(); // ends the line under way

    static std::string text(const DownloadProgress& progress);
    static std::string bytes(std::uint64_t count);      // "812 KiB", "1.20 GiB"
    static std::string duration(double seconds);        // "54 s", "3 min 05 s", "2 h 10 min"

private:
    bool m_isQuiet;
    bool m_isTerminal;
    bool m_isLineOpen = false;
    int m_lastFileIndex = 0;
};

} // namespace framesmith::cli
