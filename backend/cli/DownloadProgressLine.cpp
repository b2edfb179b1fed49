#include "cli/DownloadProgressLine.h"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>

namespace framesmith::cli {

DownloadProgressLine::DownloadProgressLine(bool isQuiet) : m_isQuiet(isQuiet), m_isTerminal(isatty(STDERR_FILENO) != 0) {}

DownloadProgressLine::~DownloadProgressLine()
{
    finish();
}

std::string DownloadProgressLine::bytes(std::uint64_t count)
{
    static const char* const kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double value = double(count);
    int unit = 0;
    while (value >= 1024 && unit < 4) {
        value /= 1024;
        ++unit;
    }
    char out[32];
    std::snprintf(out, sizeof out, unit == 0 ? "%.0f %s" : "%.2f %s", value, kUnits[unit]);
    return out;
}

std::string DownloadProgressLine::duration(double seconds)
{
    const long total = std::lround(seconds);
    char out[32];
    if (total < 60)
        std::snprintf(out, sizeof out, "%ld s", total);
    else if (total < 3600)
        std::snprintf(out, sizeof out, "%ld min %02ld s", total / 60, total % 60);
    else
        std::snprintf(out, sizeof out, "%ld h %02ld min", total / 3600, (total % 3600) / 60);
    return out;
}

std::string DownloadProgressLine::text(const DownloadProgress& p)
{
    const int percent = p.bytesTotal > 0 ? int(100.0 * double(p.bytesDone) / double(p.bytesTotal)) : 100;
    char head[16];
    std::snprintf(head, sizeof head, "[%3d%%] ", percent);
    std::string line = head + bytes(p.bytesDone) + " of " + bytes(p.bytesTotal);
    if (p.bytesPerSecond > 0)
        line += " · " + bytes(std::uint64_t(p.bytesPerSecond)) + "/s";
    if (p.secondsLeft >= 0)
        line += " · ETA " + duration(p.secondsLeft);
    line += " · " + std::to_string(p.fileIndex) + "/" + std::to_string(p.fileCount) + " " + p.repoId + "/" + p.file;
    return line;
}

void DownloadProgressLine::update(const DownloadProgress& progress)
{
    if (m_isQuiet)
        return;
    if (m_isTerminal) {
        std::cerr << "\r\033[K" << text(progress) << std::flush;
        m_isLineOpen = true;
    } else if (progress.fileIndex != m_lastFileIndex) {
        std::cerr << text(progress) << "\n";
    }
    m_lastFileIndex = progress.fileIndex;
}

void DownloadProgressLine::finish()
{
    if (m_isLineOpen)
        std::cerr << "\n";
    m_isLineOpen = false;
}

} // namespace framesmith::cli
