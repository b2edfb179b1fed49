// Deterministic fuzz driver for Open-Sora's caption cleaning with a time budget per input (issue 34):
//   caption_cleaner_fuzz_driver [RUNS=1000000] [BUDGET_MS=1000] [SEED=34]
// runs RUNS prompts from CaptionInputGenerator through the cleaner, reports the slowest input and
// exits 1 if any took longer than the budget or threw anything but framesmith::Error (a crash
// ends the process: also a finding). A speed tool, not a test: CTest runs the smoke test instead.
#include "CaptionCleanerFuzzTarget.h"

#include "framesmith/Error.h"
#include "models/opensora/text/OpenSoraCaptionCleaner.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

int main(int argc, char** argv)
{
    const long runs = argc > 1 ? std::atol(argv[1]) : 1000000;
    const double budgetSeconds = (argc > 2 ? std::atof(argv[2]) : 1000.0) / 1000.0;
    const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 34;
    framesmith::fuzz::CaptionInputGenerator generator(seed);
    double slowest = 0, total = 0;
    std::string slowestShape;
    std::size_t slowestBytes = 0, longest = 0;
    long overBudget = 0;
    for (long i = 0; i < runs; ++i) {
        std::string shape;
        const std::string prompt = generator.next(&shape);
        longest = std::max(longest, prompt.size());
        const auto start = std::chrono::steady_clock::now();
        try {
            framesmith::OpenSoraCaptionCleaner::textPreprocessing(prompt);
        } catch (const framesmith::Error&) {
        } catch (const std::exception& e) {
            std::printf("finding: input %ld (%s) threw %s\n", i, shape.c_str(), e.what());
            return 1;
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        total += seconds;
        if (seconds > budgetSeconds)
            ++overBudget;
        if (seconds > slowest)
            slowest = seconds, slowestShape = shape, slowestBytes = prompt.size();
        if ((i + 1) % 100000 == 0)
            std::printf("%ld inputs, %.1f s so far; slowest %.4f s (%s)\n", i + 1, total, slowest, slowestShape.c_str());
    }
    std::printf("%ld inputs (seed %llu, longest %zu bytes) in %.1f s; slowest %.4f s: %s (%zu bytes); "
                "%ld over the %.3f s budget\n", runs, static_cast<unsigned long long>(seed), longest, total, slowest,
                slowestShape.c_str(), slowestBytes, overBudget, budgetSeconds);
    return overBudget == 0 ? 0 : 1;
}
