#pragma once
// Seeded, deterministic edits of the kinds that break parsers, for the fuzz smoke tests that CI runs
// in every build (libFuzzer, with its own mutator, runs only in scripts/fuzz-*.sh).
#include <QByteArray>

#include <random>

namespace framesmith::fuzz {

class ByteMutator {
public:
    explicit ByteMutator(unsigned seed) : rng_(seed) {}

    // One random edit: bit flip, interesting byte, insertion, deletion, truncation, a rewritten
    // 8-byte length field at the start (safetensors), or a duplicated span (repeats keys, nests).
    void mutate(QByteArray& bytes);
    // 1 to 4 edits.
    void mutateSeveral(QByteArray& bytes);
    unsigned next() { return rng_(); }

private:
    int pick(int n) { return n <= 0 ? 0 : int(rng_() % unsigned(n)); }

    std::mt19937 rng_;
};

} // namespace framesmith::fuzz
