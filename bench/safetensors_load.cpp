// Model-file loading: memory-mapped zero-copy views (SafetensorsReader) against reading the whole
// file into memory first. Writes a ~2 GB BF16 safetensors file shaped like 18 CogVideoX-2B
// transformer blocks to /tmp (once; reused), then times each strategy several times and prints
// the best run. The page cache cannot be dropped here, so all figures are warm-cache figures.
// Usage: bench_safetensors_load [PATH] [REPEATS]
#include "io/SafetensorsReader.h"
#include "io/SafetensorsWriter.h"

#include <ATen/ATen.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <memory>
#include <sys/stat.h>
#include <unistd.h>

using namespace framesmith;
using Clock = std::chrono::steady_clock;

namespace {

const int kBlocks = 18;
const std::int64_t kHidden = 1920, kTimeEmbed = 512, kFeedForward = 7680;

void writeBenchFile(const std::string& path)
{
    SafetensorsWriter writer;
    auto add = [&](const std::string& name, std::vector<std::int64_t> shape) {
        writer.add(name, at::randn(shape).mul_(0.02).to(at::kBFloat16));
    };
    for (int b = 0; b < kBlocks; ++b) {
        const std::string p = "transformer_blocks." + std::to_string(b) + ".";
        for (const char* proj : {"to_q", "to_k", "to_v"}) {
            add(p + "attn1." + proj + ".weight", {kHidden, kHidden});
            add(p + "attn1." + proj + ".bias", {kHidden});
        }
        add(p + "attn1.to_out.0.weight", {kHidden, kHidden});
        add(p + "norm1.linear.weight", {6 * kHidden, kTimeEmbed});
        add(p + "norm2.linear.weight", {6 * kHidden, kTimeEmbed});
        add(p + "ff.net.0.proj.weight", {kFeedForward, kHidden});
        add(p + "ff.net.2.weight", {kHidden, kFeedForward});
    }
    writer.write(path);
}

double seconds(Clock::time_point since)
{
    return std::chrono::duration<double>(Clock::now() - since).count();
}

// Reads every byte (one load per 64 bytes would miss nothing of the page-in cost, but a full
// pass also stands for "the weights are used once").
std::uint64_t touch(const at::Tensor& t)
{
    const auto* p = static_cast<const std::uint8_t*>(t.data_ptr());
    const std::size_t n = t.numel() * t.element_size();
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; i += 64)
        sum += p[i];
    return sum;
}

double best(int repeats, const std::function<void()>& run)
{
    double fastest = 1e30;
    for (int i = 0; i < repeats; ++i) {
        auto start = Clock::now();
        run();
        fastest = std::min(fastest, seconds(start));
    }
    return fastest;
}

std::shared_ptr<std::uint8_t> readWholeFile(const std::string& path, std::size_t& size)
{
    struct stat st {};
    ::stat(path.c_str(), &st);
    size = static_cast<std::size_t>(st.st_size);
    std::shared_ptr<std::uint8_t> buffer(static_cast<std::uint8_t*>(std::aligned_alloc(4096, (size + 4095) / 4096 * 4096)),
                                         std::free);
    int fd = ::open(path.c_str(), O_RDONLY);
    for (std::size_t done = 0; done < size;) {
        ssize_t n = ::pread(fd, buffer.get() + done, std::min<std::size_t>(size - done, 1 << 26), done);
        if (n <= 0)
            break;
        done += n;
    }
    ::close(fd);
    return buffer;
}

// The "read into memory" strategy: the whole file in one buffer, tensors as views on it.
std::uint64_t viewsOnReadBuffer(const std::string& path, bool touchAll, bool firstOnly)
{
    SafetensorsReader index(path); // header only: the data pages of the mapping are never touched
    std::size_t size = 0;
    auto buffer = readWholeFile(path, size);
    const std::uint64_t dataStart = size - index.dataBytes();
    std::uint64_t sum = 0;
    for (const auto& e : index.entries()) {
        at::Tensor t = at::from_blob(buffer.get() + dataStart + e.begin, e.shape, [buffer](void*) {},
                                     at::TensorOptions().dtype(SafetensorsReader::viewType(e.dtype)));
        sum += touchAll || firstOnly ? touch(t) : 0;
        if (firstOnly)
            break;
    }
    return sum;
}

std::uint64_t viewsOnMapping(const std::string& path, bool touchAll, bool firstOnly)
{
    SafetensorsReader reader(path);
    std::uint64_t sum = 0;
    for (const auto& e : reader.entries()) {
        at::Tensor t = reader.view(e.name);
        sum += touchAll || firstOnly ? touch(t) : 0;
        if (firstOnly)
            break;
    }
    return sum;
}

} // namespace

int main(int argc, char** argv)
{
    const std::string path = argc > 1 ? argv[1] : "/tmp/framesmith_bench_load.safetensors";
    const int repeats = argc > 2 ? std::atoi(argv[2]) : 3;
    if (!std::filesystem::exists(path)) {
        auto start = Clock::now();
        writeBenchFile(path);
        std::printf("wrote %s in %.1f s\n", path.c_str(), seconds(start));
    }
    SafetensorsReader reader(path);
    std::printf("file: %s, %zu tensors, %.2f GB (warm page cache: the file was just written or read)\n", path.c_str(),
                reader.entries().size(), reader.fileBytes() / 1e9);
    volatile std::uint64_t sink = viewsOnMapping(path, true, false); // warm the cache once
    struct Case { const char* name; bool touchAll, firstOnly; };
    for (const Case& c : {Case{"open + view every tensor", false, false}, Case{"open + view + read every byte", true, false},
                          Case{"time to first tensor (read its bytes)", false, true}}) {
        double mapped = best(repeats, [&] { sink = sink + viewsOnMapping(path, c.touchAll, c.firstOnly); });
        double read = best(repeats, [&] { sink = sink + viewsOnReadBuffer(path, c.touchAll, c.firstOnly); });
        std::printf("%-40s mmap zero-copy %8.4f s   read into memory %8.4f s   (%.1fx)\n", c.name, mapped, read,
                    read / mapped);
    }
    return 0;
}
