#!/usr/bin/env bash
# Builds the safetensors header fuzzer with clang (libFuzzer + ASan + UBSan) in its own build dir
# and runs it. Usage: scripts/fuzz-safetensors.sh [RUNS (default 1000000)] [extra libFuzzer flags]
# The seed corpus is the broken fixtures and the model configs; findings land in build-fuzz/findings/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FRAMESMITH_FUZZ_BUILD_DIR:-$root/build-fuzz}
runs=${1:-1000000}
shift || true

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DFRAMESMITH_BUILD_FUZZERS=ON -DFRAMESMITH_BUILD_GUI=OFF -DFRAMESMITH_BUILD_TESTS=OFF >/dev/null
cmake --build "$build" -j1 --target fuzz_safetensors_header

corpus="$build/corpus"
mkdir -p "$corpus" "$build/findings"
find "$root/tests/fixtures/broken" -type f ! -name '*.py' -exec cp -f {} "$corpus/" \;
for f in "$root"/tests/fixtures/cogvideox/full-size-configs/*/transformer/config.json; do
  cp -f "$f" "$corpus/$(basename "$(dirname "$(dirname "$f")")")-transformer.json"
done

cd "$build/findings"
"$build/bin/fuzz_safetensors_header" -runs="$runs" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 "$@" "$corpus"
