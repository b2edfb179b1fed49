#pragma once
// Samples device and host memory on its own thread into a ring buffer. Any thread may read
// samples; the GUI pulls them on a timer. Degrades to what it can read (no NVML, no GPU).
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace framesmith {

struct MemorySeries {
    std::string id;          // "cuda:0", "rss", "ram"
    std::string label;       // "GPU 0 – NVIDIA H100", "Process RSS", "System RAM used"
    std::int64_t totalBytes = 0;
};

struct MemorySample {
    double seconds = 0;                  // since the monitor started
    std::vector<std::int64_t> usedBytes; // one per series, same order as series()
};

struct StageMarker {
    double seconds = 0;
    std::string label;
};

class VramMonitor {
public:
    explicit VramMonitor(int sampleIntervalMs = 250, std::size_t capacity = 4096);
    ~VramMonitor(); // stops the thread

    void start();
    void stop();
    int sampleIntervalMs() const;

    std::vector<MemorySeries> series() const;
    std::vector<std::string> limitations() const; // "NVML not found: GPU lines unavailable"
    std::vector<MemorySample> samplesSince(double seconds) const;
    void addMarker(const std::string& label);     // any thread
    std::vector<StageMarker> markersSince(double seconds) const;
    double elapsedSeconds() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace framesmith
