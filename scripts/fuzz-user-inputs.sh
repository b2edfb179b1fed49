#!/usr/bin/env bash
# Builds the user-input fuzzers (job files, presets, start images, history entries) with clang
# (libFuzzer + ASan + UBSan) in build-fuzz/ (shared with scripts/fuzz-safetensors.sh) and runs each.
# and the model configs of both families (model_config: the first byte picks the component's parser).
# Usage: scripts/fuzz-user-inputs.sh [RUNS (default 1000000)] [TARGETS (default: all five)]
# Seeds: tests/fuzz/seeds/, resources/presets/, the fixture images and configs; findings land in
# build-fuzz/findings/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FRAMESMITH_FUZZ_BUILD_DIR:-$root/build-fuzz}
runs=${1:-1000000}
targets=${2:-"job_file preset start_image history_entry model_config caption_cleaner"}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
  -DFRAMESMITH_BUILD_FUZZERS=ON -DFRAMESMITH_BUILD_GUI=OFF -DFRAMESMITH_BUILD_TESTS=OFF >/dev/null
for t in $targets; do cmake --build "$build" -j1 --target "fuzz_$t"; done

mkdir -p "$build/findings"
for t in $targets; do
  corpus="$build/corpus-$t"
  mkdir -p "$corpus"
  extra=
  case "$t" in
    job_file) cp -f "$root"/tests/fuzz/seeds/job/* "$corpus/"; max_len=4096 ;;
    preset) cp -f "$root"/resources/presets/*.json "$corpus/"; max_len=8192 ;;
    history_entry) cp -f "$root"/tests/fuzz/seeds/history/* "$corpus/"; max_len=8192 ;;
    caption_cleaner) # the golden prompts; inputs up to the 10000-character prompt cap, 2 s each at most
      python3 -c 'import json,sys; [open(sys.argv[1]+"/golden-%d.txt" % i, "w").write(c["raw"]) for i, c in enumerate(json.load(open(sys.argv[2]))["cases"])]' \
        "$corpus" "$root/tests/fixtures/opensora/captions/cleaning_cases.json"
      max_len=40000; extra=-timeout=2 ;;
    start_image)
      cp -f "$root"/tests/fuzz/seeds/image/* "$corpus/"
      for f in "$root"/tests/fixtures/cogvideox/golden/*/image.png; do
        cp -f "$f" "$corpus/$(basename "$(dirname "$f")").png"
      done
      max_len=65536 ;;
    model_config)
      # One seed per config file, prefixed with the byte that selects its parser
      # (tests/fuzz/ModelConfigFuzzTarget.cpp: 0 transformer, 1 VAE, 2 scheduler, 3 T5, 4 STDiT3,
      # 5 Open-Sora VAE repo, 6 its 2-D VAE, 7 its temporal VAE, 8 CogVideoX variant check).
      n=0
      seed() { n=$((n + 1)); { printf "\\$(printf %03o "$1")"; cat; } > "$corpus/seed-$1-$n.json"; }
      fx=$root/tests/fixtures
      for f in "$fx"/cogvideox/*/*/transformer/config.json; do seed 0 < "$f"; seed 8 < "$f"; done
      for f in "$fx"/cogvideox/*/*/vae/config.json; do seed 1 < "$f"; done
      for f in "$fx"/cogvideox/*/*/scheduler/scheduler_config.json; do seed 2 < "$f"; done
      for f in "$fx"/cogvideox/*/*/text_encoder/config.json "$fx"/opensora/*/DeepFloyd/*/config.json; do seed 3 < "$f"; done
      for f in $(find "$fx/opensora" -path '*OpenSora-STDiT-v3/config.json'); do seed 4 < "$f"; done
      for f in $(find "$fx/opensora" -path '*OpenSora-VAE-v1.2/config.json'); do
        seed 5 < "$f"
        sed -n '/"vae_temporal"/,$p' "$f" | sed '1s/.*"vae_temporal": *//; $d' | seed 7
      done
      for f in $(find "$fx/opensora" -path '*pixart_sigma_sdxlvae_T5_diffusers/vae/config.json'); do seed 6 < "$f"; done
      max_len=8192 ;;
  esac
  echo "== fuzz_$t: $runs runs"
  (cd "$build/findings" && "$build/bin/fuzz_$t" -runs="$runs" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
     -print_final_stats=1 $extra "$corpus")
done
