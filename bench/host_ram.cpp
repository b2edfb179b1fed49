// bench_host_ram: the planner's host-RAM prediction per stage against the process's measured peak
// resident set (VmHWM, reset at each stage's start), for generations on the CPU through the Engine.
//   bench_host_ram --model DIR [--frames 9 --width 96 --height 64 --steps 2] [--preset NAME] [--dump]
// One process, one Engine, a warm-up generation and unload, then two generations of the same request: the first is cold (each
// component loads in the stage that first needs it), the second warm (what the preset keeps
// loaded is already resident). The planner counts, per stage, the larger of the two. Measured:
// the stage's peak RSS minus the baseline: the RSS after a warm-up generation and unload, so that
// the runtime's one-time costs (libraries' code paged in, BLAS buffers, thread pools), which the
// process pays once whatever it generates, are outside both sides; they are printed.
// Prints one Markdown row per stage with the residual; exits 1 when one is outside ±10 %.
// --dump also prints, per stage start and decode batch, RSS against the baseline, anonymous and
// file pages, the safetensors mappings' pages and the tracked tensor bytes; per stage the sampled
// RSS and tracked peaks; and for each decode the tensors live at its tracked peak, how much of each
// is resident (mincore), and a backtrace for those with untouched pages. Its probes cost RSS of
// their own (a thread, its samples): the rows of a --dump run are not the figures to quote.
#include "framesmith/Engine.h"
#include "framesmith/OpenBlasKernel.h"
#include "framesmith/PresetCatalog.h"
#include "memory/monitor/CpuAllocationTracker.h"
#include "memory/monitor/ProcessResidentMemory.h"

#include <nlohmann/json.hpp>

#include <c10/core/Allocator.h>
#include <c10/core/CPUAllocator.h>
#include <execinfo.h>
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <unordered_map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

using namespace framesmith;

namespace {

struct Quiet : ProgressSink {};

double mib(std::int64_t bytes) { return static_cast<double>(bytes) / (1 << 20); }

// --dump: what the process holds at each stage's start and each decode batch, and at the RSS peak.
struct Snapshot {
    std::int64_t rss = 0, anonymous = 0, safetensors = 0, tracked = 0;
};

std::int64_t kib(const std::string& line) { return std::stoll(line.substr(line.find(':') + 1)) * 1024; }

Snapshot snapshot()
{
    Snapshot s;
    s.rss = ProcessResidentMemory::currentBytes();
    s.anonymous = ProcessResidentMemory::kibField("/proc/self/smaps_rollup", "Anonymous");
    std::ifstream smaps("/proc/self/smaps");
    std::string line;
    bool isWeights = false;
    while (std::getline(smaps, line)) {
        if (!line.empty() && std::isxdigit(static_cast<unsigned char>(line[0])) && line.find('-') < 17)
            isWeights = line.size() > 12 && line.compare(line.size() - 12, 12, ".safetensors") == 0;
        else if (isWeights && line.compare(0, 4, "Rss:") == 0)
            s.safetensors += kib(line);
    }
    s.tracked = CpuAllocationTracker::currentBytes();
    return s;
}

// --dump: wraps the tracking allocator; at the first free after a new peak of live bytes, lists
// the live blocks of 64 KiB or more with how much of each is resident (mincore) and who made it.
class ResidencyProbe final : public c10::Allocator {
public:
    explicit ResidencyProbe(c10::Allocator* inner) : m_inner(inner) {}
    c10::DataPtr allocate(std::size_t bytes) const { return const_cast<ResidencyProbe*>(this)->count(bytes); }
    c10::DataPtr allocate(std::size_t bytes) { return count(bytes); }
    void copy_data(void* d, const void* s, std::size_t n) const { std::memcpy(d, s, n); }
    static ResidencyProbe* instance;
    void arm() { std::lock_guard<std::mutex> l(m_mutex); m_armed = true; m_peak = m_now; m_report.clear(); }
    std::string report() { std::lock_guard<std::mutex> l(m_mutex); return m_report; }

private:
    struct Block { std::size_t bytes; void* frames[12]; int depth; std::uint64_t order; c10::DataPtr inner; };
    static void release(void* data) { instance->free(data); }

public:
    c10::DeleterFnPtr raw_deleter() const override { return &ResidencyProbe::release; }

private:
    c10::DataPtr count(std::size_t bytes)
    {
        c10::DataPtr inner = m_inner->allocate(bytes);
        void* data = inner.get();
        auto* block = new Block{bytes, {}, 0, 0, std::move(inner)};
        block->depth = bytes >= (64 << 10) ? backtrace(block->frames, 12) : 0;
        {
            std::lock_guard<std::mutex> l(m_mutex);
            block->order = m_order++;
            m_live[data] = block;
            m_now += static_cast<std::int64_t>(bytes);
            if (m_now > m_peak)
                m_peak = m_now, m_isPeakPending = m_armed;
        }
        return c10::DataPtr(data, data, &ResidencyProbe::release, c10::Device(c10::DeviceType::CPU));
    }
    static std::int64_t resident(const void* data, std::size_t bytes)
    {
        const std::uintptr_t page = 4096, begin = reinterpret_cast<std::uintptr_t>(data) & ~(page - 1);
        const std::uintptr_t end = (reinterpret_cast<std::uintptr_t>(data) + bytes + page - 1) & ~(page - 1);
        std::vector<unsigned char> in((end - begin) / page);
        if (mincore(reinterpret_cast<void*>(begin), end - begin, in.data()) != 0)
            return -1;
        std::int64_t count = 0;
        for (unsigned char c : in)
            count += c & 1;
        return count * static_cast<std::int64_t>(page);
    }
    void free(void* data)
    {
        Block* block = nullptr;
        {
            std::lock_guard<std::mutex> l(m_mutex);
            auto it = m_live.find(data);
            if (it == m_live.end()) { // allocated before the probe: its own deleter
                m_inner->raw_deleter()(data);
                return;
            }
            block = it->second;
            if (m_isPeakPending) {
                m_isPeakPending = false;
                describePeak(block);
            }
            m_live.erase(data);
            m_now -= static_cast<std::int64_t>(block->bytes);
        }
        delete block;
    }
    void describePeak(const Block* freed)
    {
        char line[512];
        std::int64_t total = 0, present = 0;
        std::string rows;
        std::vector<const Block*> blocks;
        for (const auto& [data, b] : m_live)
            blocks.push_back(b);
        std::sort(blocks.begin(), blocks.end(), [](const Block* a, const Block* b) { return a->order < b->order; });
        for (const Block* b : blocks) {
            const std::int64_t r = resident(b->inner.get(), b->bytes);
            total += b->bytes;
            present += r;
            if (b->bytes < (64 << 10))
                continue;
            std::snprintf(line, sizeof line, "    #%llu %8.3f MiB, resident %8.3f%s\n", static_cast<unsigned long long>(b->order),
                          mib(b->bytes), mib(r), b == freed ? "  (the block freed now)" : "");
            rows += line;
            if (r >= static_cast<std::int64_t>(b->bytes))
                continue; // only the blocks with untouched pages say who made them
            char** names = backtrace_symbols(b->frames, b->depth);
            for (int i = 2; i < b->depth && names; ++i)
                rows += std::string("        ") + names[i] + "\n";
            std::free(names);
        }
        std::snprintf(line, sizeof line, "  live at the peak: %.3f MiB in %zu blocks, resident %.3f MiB\n", mib(total),
                      blocks.size(), mib(present));
        m_report = line + rows;
    }
    c10::Allocator* m_inner;
    std::mutex m_mutex;
    std::unordered_map<void*, Block*> m_live;
    std::int64_t m_now = 0, m_peak = 0;
    std::uint64_t m_order = 0;
    bool m_armed = false, m_isPeakPending = false;
    std::string m_report;
};
ResidencyProbe* ResidencyProbe::instance = nullptr;

// Samples RSS (statm) and the tracked tensor bytes every 0.1 ms: the pair at the RSS peak and at
// the tracked peak, since the last reset.
class PeakSampler {
public:
    PeakSampler() : m_thread([this] { loop(); }) {}
    ~PeakSampler() { m_stop = true; m_thread.join(); }
    void reset() const { m_reset = true; }
    void print(std::int64_t baseline) const
    {
        std::printf("  sampled: RSS peak %+.2f MiB with %.2f MiB tracked; tracked peak %.2f MiB with RSS %+.2f MiB\n",
                    mib(m_rssPeak - baseline), mib(m_trackedAtRssPeak), mib(m_trackedPeak), mib(m_rssAtTrackedPeak - baseline));
    }

private:
    void loop()
    {
        const std::int64_t page = 4096;
        while (!m_stop) {
            if (m_reset.exchange(false))
                m_rssPeak = m_trackedPeak = 0;
            std::ifstream statm("/proc/self/statm");
            std::int64_t size = 0, resident = 0;
            statm >> size >> resident;
            const std::int64_t rss = resident * page, tracked = CpuAllocationTracker::currentBytes();
            if (rss > m_rssPeak)
                m_rssPeak = rss, m_trackedAtRssPeak = tracked;
            if (tracked > m_trackedPeak)
                m_trackedPeak = tracked, m_rssAtTrackedPeak = rss;
            std::this_thread::sleep_for(std::chrono::microseconds(100));
        }
    }
    std::atomic<bool> m_stop{false};
    mutable std::atomic<bool> m_reset{false};
    std::atomic<std::int64_t> m_rssPeak{0}, m_trackedAtRssPeak{0}, m_trackedPeak{0}, m_rssAtTrackedPeak{0};
    std::thread m_thread;
};

std::string argument(int argc, char** argv, const std::string& flag, const std::string& fallback)
{
    for (int i = 1; i + 1 < argc; ++i)
        if (argv[i] == flag)
            return argv[i + 1];
    return fallback;
}

// Per stage name: the report's peak RSS.
std::map<std::string, std::int64_t> stagePeaks(const std::string& reportPath)
{
    std::ifstream in(reportPath);
    const nlohmann::json report = nlohmann::json::parse(in);
    std::map<std::string, std::int64_t> peaks;
    for (const nlohmann::json& stage : report.at("stages"))
        peaks[stage.at("name").get<std::string>()] = stage.at("peakRssBytes").get<std::int64_t>();
    return peaks;
}

std::int64_t predictedHostBytes(const MemoryPlan& plan, const std::string& stage)
{
    for (const StagePlan& s : plan.stages)
        if (s.name == stage)
            for (const DevicePeak& d : s.devices)
                if (d.device == "cpu")
                    return d.peakBytes;
    return 0;
}

class DumpSink : public ProgressSink {
public:
    explicit DumpSink(const PeakSampler& sampler) : m_sampler(sampler) {}
    void setBaseline(std::int64_t rss, const std::string& run) { m_baseline = rss; m_run = run; }
    void onStageStarted(const StageStarted& e) override
    {
        endStage();
        print(std::string(stageName(e.stage)) + " start");
        if (e.stage == Stage::VaeDecoding)
            ResidencyProbe::instance->arm();
        m_sampler.reset();
    }
    void endStage() const { m_sampler.print(m_baseline); }
    void onStageProgress(const StageProgress& e) override
    {
        if (e.stage == Stage::VaeDecoding)
            print("vae-decode " + std::to_string(e.done) + "/" + std::to_string(e.total));
    }
    void print(const std::string& what) const
    {
        const Snapshot s = snapshot();
        std::printf("  %-6s %-22s rss %+7.2f  anon %7.2f  file+shmem %6.2f  safetensors %5.2f  tracked %7.2f MiB\n",
                    m_run.c_str(), what.c_str(), mib(s.rss - m_baseline), mib(s.anonymous), mib(s.rss - s.anonymous),
                    mib(s.safetensors), mib(s.tracked));
    }

private:
    const PeakSampler& m_sampler;
    std::int64_t m_baseline = 0;
    std::string m_run;
};

} // namespace

int main(int argc, char** argv)
{
    // As the app and the CLI do: the OpenBLAS kernel this CPU can run, not a generic fallback.
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
    // RSS is to follow what is live: glibc otherwise keeps freed blocks (raising its mmap threshold
    // up to 32 MiB as large blocks are freed) and hands them to the next allocation, so a reloaded
    // weight or a second activation can cost no new RSS, which hides megabytes on a small model.
    // Every allocation over 64 KiB gets its own mapping, given back when freed.
    mallopt(M_MMAP_THRESHOLD, 64 << 10);
    mallopt(M_TRIM_THRESHOLD, 64 << 10);
    GenerationRequest request;
    request.modelPath = argument(argc, argv, "--model", "");
    if (request.modelPath.empty()) {
        std::fprintf(stderr, "usage: bench_host_ram --model DIR [--frames N --width W --height H --steps N] "
                             "[--preset NAME] [--dump]\n");
        return 2;
    }
    request.prompt = "a lighthouse on a cliff at dusk, waves below";
    request.frameCount = std::stoi(argument(argc, argv, "--frames", "9"));
    request.width = std::stoi(argument(argc, argv, "--width", "96"));
    request.height = std::stoi(argument(argc, argv, "--height", "64"));
    request.steps = std::stoi(argument(argc, argv, "--steps", "2"));
    request.preset = argument(argc, argv, "--preset", "24gb");
    request.seed = 7;

    const bool isDumped = std::any_of(argv + 1, argv + argc, [](const char* a) { return std::string(a) == "--dump"; });
    if (isDumped) {
        CpuAllocationTracker::install();
        ResidencyProbe::instance = new ResidencyProbe(c10::GetCPUAllocator());
        c10::SetCPUAllocator(ResidencyProbe::instance, /*priority=*/101);
    }
    Engine engine;
    const MemoryPlan plan = Engine::plan(request, PresetCatalog().load(request.preset), Engine::devices());
    Quiet sink;
    GenerateOptions warmUp;
    warmUp.saveLatentsPath = "/tmp/bench_host_ram-latents.safetensors";
    warmUp.isPreviewWanted = false;
    const std::int64_t started = ProcessResidentMemory::currentBytes();
    engine.generate(request, sink, CancelToken(), warmUp);
    engine.unload();
    const std::int64_t baseline = ProcessResidentMemory::currentBytes();

    std::unique_ptr<PeakSampler> sampler = isDumped ? std::make_unique<PeakSampler>() : nullptr;
    std::unique_ptr<DumpSink> dump = isDumped ? std::make_unique<DumpSink>(*sampler) : nullptr;
    if (dump) {
        dump->setBaseline(baseline, "base");
        dump->print("after unload");
    }
    std::map<std::string, std::int64_t> measured[2];
    const std::string prompt = request.prompt;
    for (int run = 0; run < 2; ++run) {
        // A prompt of its own: the Engine reuses the previous prompt's embeddings, and a warm run
        // that skips its text encoding would not see the stage the plan counts.
        request.prompt = prompt + (run == 0 ? ", seen from the sea" : ", seen from the shore");
        GenerateOptions options;
        options.memoryReportPath = "/tmp/bench_host_ram-report.json";
        options.saveLatentsPath = "/tmp/bench_host_ram-latents.safetensors";
        options.isPreviewWanted = false;
        if (dump)
            dump->setBaseline(baseline, run == 0 ? "cold" : "warm");
        engine.generate(request, dump ? static_cast<ProgressSink&>(*dump) : sink, CancelToken(), options);
        if (dump) {
            dump->endStage();
            dump->print("end");
            std::printf("%s", ResidencyProbe::instance->report().c_str());
        }
        measured[run] = stagePeaks(options.memoryReportPath);
    }

    std::printf("RSS %.1f MiB with the Engine built; baseline %.1f MiB after a warm-up generation and unload (the "
                "runtime's one-time costs: %+.1f MiB); preset %s; %d frames %dx%d, %d steps\n",
                mib(started), mib(baseline), mib(baseline - started), request.preset.c_str(), request.frameCount, request.width, request.height,
                request.steps);
    std::printf("| stage | predicted (weights + working) | measured, cold run | measured, warm run | residual |\n"
                "|---|---|---|---|---|\n");
    bool inside = true;
    for (const char* stage : {"text-encode", "denoise", "vae-decode"}) {
        const std::int64_t predicted = predictedHostBytes(plan, stage);
        const std::int64_t cold = measured[0][stage] - baseline, warm = measured[1][stage] - baseline;
        const double residual = static_cast<double>(predicted) / static_cast<double>(std::max(cold, warm)) - 1.0;
        inside = inside && std::fabs(residual) <= 0.10;
        std::printf("| %s | %.1f MiB | %.1f MiB | %.1f MiB | %+.1f %% |\n", stage, mib(predicted), mib(cold), mib(warm),
                    100.0 * residual);
    }
    return inside ? 0 : 1;
}
