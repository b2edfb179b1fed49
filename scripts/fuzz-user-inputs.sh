#!/usr/bin/env bash
# Builds the user-input fuzzers (job files, presets, start images, history entries) with clang
# (libFuzzer + ASan + UBSan) in build-fuzz/ (shared with scripts/fuzz-safetensors.sh) and runs each.
# Usage: scripts/fuzz-user-inputs.sh [RUNS (default 1000000)] [TARGETS (default: all four)]
# Seeds: tests/fuzz/seeds/, resources/presets/, the fixture images; findings land in build-fuzz/findings/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FRAMESMITH_FUZZ_BUILD_DIR:-$root/build-fuzz}
runs=${1:-1000000}
targets=${2:-"job_file preset start_image history_entry"}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DFRAMESMITH_BUILD_FUZZERS=ON -DFRAMESMITH_BUILD_GUI=OFF -DFRAMESMITH_BUILD_TESTS=OFF >/dev/null
for t in $targets; do cmake --build "$build" -j1 --target "fuzz_$t"; done

mkdir -p "$build/findings"
for t in $targets; do
  corpus="$build/corpus-$t"
  mkdir -p "$corpus"
  case "$t" in
    job_file) cp -f "$root"/tests/fuzz/seeds/job/* "$corpus/"; max_len=4096 ;;
    preset) cp -f "$root"/resources/presets/*.json "$corpus/"; max_len=8192 ;;
    history_entry) cp -f "$root"/tests/fuzz/seeds/history/* "$corpus/"; max_len=8192 ;;
    start_image)
      cp -f "$root"/tests/fuzz/seeds/image/* "$corpus/"
      for f in "$root"/tests/fixtures/cogvideox/golden/*/image.png; do
        cp -f "$f" "$corpus/$(basename "$(dirname "$f")").png"
      done
      max_len=65536 ;;
  esac
  echo "== fuzz_$t: $runs runs"
  (cd "$build/findings" && "$build/bin/fuzz_$t" -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
     -print_final_stats=1 "$corpus")
done
