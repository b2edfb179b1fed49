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
    static constexpr std::int64_t kUnknown = -1; // a reading that failed this time
    double seconds = 0;                  // since the monitor was constructed
    std::vector<std::int64_t> usedBytes; // one per series, same order as series(); kUnknown if unread
};

struct StageMarker {
    double seconds = 0;
    std::string label;
};

class VramMonitor {
public:
    // Finds its sources here (NVML, torch's CUDA allocator, /proc), so series() and
    // limitations() are known before start(). nvmlLibrary: empty means $FRAMESMITH_NVML_LIBRARY,
    // else "libnvidia-ml.so.1" (tests point it at a missing library).
    explicit VramMonitor(int sampleIntervalMs = 250, std::size_t capacity = 4096,
                         const std::string& nvmlLibrary = {});
    ~VramMonitor(); // stops the thread
    VramMonitor(const VramMonitor&) = delete;
    VramMonitor& operator=(const VramMonitor&) = delete;

    void start(); // owner thread; takes a first sample at once, then one per interval
    void stop();  // owner thread; joins the sampler
    bool isRunning() const;
    int sampleIntervalMs() const;
    std::size_t capacity() const; // the oldest samples are dropped beyond it

    std::vector<MemorySeries> series() const;
    std::vector<std::string> limitations() const; // "NVML not found: GPU lines unavailable"
    // Samples/markers taken strictly after `seconds` (pass the last one seen, or -1 for all).
    std::vector<MemorySample> samplesSince(double seconds) const;
    void addMarker(const std::string& label);     // any thread
    std::vector<StageMarker> markersSince(double seconds) const;
    double elapsedSeconds() const;

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace framesmith
