// T5 encode time: the tiny fixture model, and a mid-size random T5 with the real T5-XXL widths
// (d_model 4096, d_kv 64, 64 heads, d_ff 10240, vocab 32128) but 2 layers, built in memory.
// Usage: bench_t5_encode [--model TINY_MODEL_DIR] [--repeats N] [--skip-mid]
// Prints one line per case: median and best wall time of forward() over N runs after a warm-up.
#include "core/ComputeThreads.h"
#include "framesmith/OpenBlasKernel.h"
#include "text/T5Encoder.h"
#include "text/T5Tokenizer.h"
#include "text/TextComponentFolders.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>
#include <ATen/core/grad_mode.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

using namespace framesmith;

namespace {

struct Timing {
    double medianMs = 0, bestMs = 0;
};

Timing timeIt(const std::function<void()>& work, int repeats)
{
    work(); // warm-up: first-touch allocations, OpenBLAS thread start
    std::vector<double> ms;
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(ms.begin(), ms.end());
    return {ms[ms.size() / 2], ms.front()};
}

void report(const std::string& name, const Timing& t)
{
    std::printf("%-58s median %9.2f ms   best %9.2f ms\n", name.c_str(), t.medianMs, t.bestMs);
    std::fflush(stdout);
}

std::shared_ptr<T5Encoder> randomXxlWidthEncoder(std::int64_t layers)
{
    T5Config config; // the defaults are T5-v1.1-XXL's widths
    config.numLayers = layers;
    auto encoder = std::make_shared<T5Encoder>(config);
    auto generator = at::make_generator<at::CPUGeneratorImpl>(20261122);
    for (auto& slot : encoder->parameters()) {
        // Like the fixtures: matrices z / sqrt(fan_in), norm scales 1 + 0.1 z.
        at::Tensor z = at::randn(slot.shape, generator);
        *slot.tensor = slot.shape.size() == 1 ? 1.0 + 0.1 * z : z / std::sqrt(static_cast<double>(slot.shape.back()));
    }
    return encoder;
}

at::Tensor promptIds(std::int64_t batch, std::int64_t vocab)
{
    auto generator = at::make_generator<at::CPUGeneratorImpl>(7);
    return at::randint(vocab, {batch, 226}, generator, at::kLong); // [B, 226]
}

void benchEncoder(const std::string& label, T5Encoder& encoder, int repeats)
{
    at::NoGradGuard noGrad;
    for (std::int64_t batch : {1, 2}) {
        const at::Tensor ids = promptIds(batch, encoder.config().vocabSize);
        report(label + " B=" + std::to_string(batch), timeIt([&] { encoder.forward(ids); }, repeats));
    }
}

} // namespace

int main(int argc, char** argv)
{
    // As the app and the CLI do: the OpenBLAS kernel this CPU can run, not a generic fallback.
    framesmith::OpenBlasKernel::restartWithBetterKernel(argv);
    framesmith::ComputeThreads::apply(); // as the engine does: every core unless FRAMESMITH_THREADS says otherwise
    std::string modelDir = (std::filesystem::read_symlink("/proc/self/exe").parent_path() /
                            "../../tests/fixtures/cogvideox/models/tiny-2b").lexically_normal().string();
    int repeats = 5;
    bool runMid = true;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--model" && i + 1 < argc)
            modelDir = argv[++i];
        else if (a == "--repeats" && i + 1 < argc)
            repeats = std::max(1, std::atoi(argv[++i]));
        else if (a == "--skip-mid")
            runMid = false;
    }
    std::printf("threads %d, L = 226 tokens\n", at::get_num_threads());

    const auto tokenizer = T5Tokenizer::fromFolder(tokenizerFolderOf(modelDir));
    std::string longPrompt;
    for (int i = 0; i < 40; ++i)
        longPrompt += "A panda, dressed in a small red jacket, plays a guitar. ";
    report("tokenize a 226+-token prompt (tiny spiece.model)", timeIt([&] { tokenizer.encode(longPrompt); }, 50));

    for (auto dtype : {at::kFloat, at::kBFloat16}) {
        const auto tiny = T5Encoder::load(textEncoderFolderOf(modelDir), dtype, at::kCPU);
        benchEncoder(std::string("tiny fixture T5 (2 layers, d 32) ") + c10::toString(dtype), *tiny, repeats * 10);
    }
    if (!runMid)
        return 0;
    auto mid = randomXxlWidthEncoder(2);
    std::printf("mid-size T5: %.2f GB of fp32 weights\n", mid->parameterBytes() / 1e9);
    benchEncoder("XXL-width T5, 2 layers, float32", *mid, repeats);
    mid->moveTo(at::kCPU, at::kBFloat16);
    benchEncoder("XXL-width T5, 2 layers, bfloat16", *mid, repeats);
    return 0;
}
