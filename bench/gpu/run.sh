#!/usr/bin/env bash
# Framesmith memory checks on a CUDA machine. Builds the backend and CLI against the installed
# PyTorch's libtorch, makes full-size random-weight models from the full-size configs, and
# measures CogVideoX-2b and -5b at 49 x 480 x 720 for a few steps:
#   - seconds per step and peak allocated bytes per stage, for every built-in preset, and with
#     blocks stored fp8 / int8 (low-memory and 24gb plus fp8-weights / int8-weights)
#   - the planner's prediction for the same run, and its error
#   - block-streaming overhead (low-memory) against the resident transformer (24gb)
#   - guidance split over two logical devices (FRAMESMITH_LOGICAL_GPUS=2 on one GPU)
# Results: $OUT (default bench/gpu/out/) as one JSON line per run plus a summary table;
# copy the table into docs/benchmarks.md, section "GPU".
#
# usage: bench/gpu/run.sh [--steps N] [--models "2b 5b"] [--presets "..."] [--skip-build]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${OUT:-$ROOT/bench/gpu/out}
BUILD=${BUILD:-$ROOT/build-gpu}
WORK=${WORK:-$ROOT/bench/gpu/work}
STEPS=3
MODELS="2b 5b"
PRESETS="24gb multi-gpu low-memory max-speed auto"
SKIP_BUILD=0
while [ $# -gt 0 ]; do
  case "$1" in
    --steps) STEPS=$2; shift 2 ;;
    --models) MODELS=$2; shift 2 ;;
    --presets) PRESETS=$2; shift 2 ;;
    --skip-build) SKIP_BUILD=1; shift ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$OUT" "$WORK"
LOG=$OUT/run.log
exec > >(tee -a "$LOG") 2>&1
echo "== $(date -u +%FT%TZ) $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tr '\n' ';')"

need() { command -v "$1" > /dev/null || { echo "run.sh: '$1' is missing on this machine" >&2; exit 1; }; }
need python3; need cmake; need nvidia-smi
python3 -c 'import torch; assert torch.cuda.is_available(), "torch without CUDA"; print("torch", torch.__version__, "cuda", torch.version.cuda)'

# 1. Build against the installed PyTorch (its libtorch is CUDA-enabled and 2.x).
if [ "$SKIP_BUILD" = 0 ]; then
  TORCH_PREFIX=$(python3 -c 'import torch;print(torch.utils.cmake_prefix_path)')
  ABI=$(python3 -c 'import torch;print(int(torch._C._GLIBCXX_USE_CXX11_ABI))')
  GENERATOR=$(command -v ninja > /dev/null && echo Ninja || echo "Unix Makefiles")
  cmake -S "$ROOT" -B "$BUILD" -G "$GENERATOR" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$TORCH_PREFIX" -DFRAMESMITH_BUILD_GUI=OFF -DFRAMESMITH_BUILD_TESTS=OFF \
    -DCMAKE_CXX_FLAGS="-D_GLIBCXX_USE_CXX11_ABI=$ABI"
  cmake --build "$BUILD" -j"$(nproc)" --target framesmith-cli
fi
CLI=$BUILD/bin/framesmith-cli
[ -x "$CLI" ] || { echo "run.sh: $CLI was not built" >&2; exit 1; }

# 2. Full-size random weights (cached in $WORK between runs).
FIXTURES=$ROOT/tests/fixtures/cogvideox
for m in $MODELS; do
  dir=$WORK/cogvideox-$m
  if [ ! -f "$dir/transformer/config.json" ]; then
    python3 "$ROOT/bench/gpu/make_random_weights.py" "$FIXTURES/full-size-configs/cogvideox-$m" "$dir" \
      --tokenizer-from "$FIXTURES/models/tiny-$m"
  fi
done

# 3. Plan, then run, for every model x preset. A run's stage peaks come from the CUDA caching
#    allocator: the generation runner writes them to $FRAMESMITH_MEMORY_REPORT when it is set.
RESULTS=$OUT/results.jsonl
: > "$RESULTS"
run_case() { # model preset label [env...]
  local m=$1 p=$2 label=$3; shift 3
  local dir=$WORK/cogvideox-$m case=$OUT/$m-$label
  local vram=()
  while IFS= read -r gib; do vram+=(--vram "$gib"); done < <(
    env "$@" python3 -c 'import os, torch
n = torch.cuda.device_count(); k = int(os.environ.get("FRAMESMITH_LOGICAL_GPUS", "0") or 0)
gib = [torch.cuda.mem_get_info(i)[0] / 2**30 for i in range(n)]
if n == 1 and k > 1: gib = [gib[0] / k] * k
print("\n".join(f"{g:.2f}" for g in gib))')
  env "$@" "$CLI" plan --model "$dir" --preset "$p" --frames 49 --width 720 --height 480 \
    --steps "$STEPS" "${vram[@]}" --json > "$case.plan.json" || true
  local start=$(date +%s.%N) status=0
  env "$@" FRAMESMITH_MEMORY_REPORT="$case.memory.json" "$CLI" generate --model "$dir" --preset "$p" \
    --prompt "a red fox running through snow" --frames 49 --width 720 --height 480 --steps "$STEPS" --seed 1 \
    --out "$case.mp4" > "$case.stdout" 2> "$case.stderr" || status=$?
  local seconds=$(echo "$(date +%s.%N) - $start" | bc)
  python3 - "$case" "$m" "$p" "$label" "$status" "$seconds" "$STEPS" >> "$RESULTS" <<'PY'
import json, sys
case, model, preset, label, status, seconds, steps = sys.argv[1:8]
def load(path):
    try:
        return json.load(open(path))
    except Exception:
        return None
plan, measured = load(case + ".plan.json"), load(case + ".memory.json")
row = {"model": model, "preset": preset, "label": label, "exit": int(status), "wallSeconds": float(seconds),
       "plan": plan, "measured": measured}
if measured and "secondsPerStep" in measured:
    row["secondsPerStep"] = measured["secondsPerStep"]
print(json.dumps(row))
PY
  echo "-- $m $label: exit $status, $(printf %.1f "$seconds") s"
}

# Streaming two blocks ahead: the low-memory preset with one field changed (presets are edited, not coded).
PREFETCH2=$WORK/low-memory-prefetch2.json
python3 - "$ROOT/resources/presets/low-memory.json" "$PREFETCH2" <<'PY'
import json, sys
preset = json.load(open(sys.argv[1]))
preset["name"] = "low-memory-prefetch2"
preset.setdefault("placement", {})["streamPrefetchBlocks"] = 2
json.dump(preset, open(sys.argv[2], "w"), indent=2)
PY

# Blocks stored narrowed: the low-memory and 24gb presets plus one weight-storage strategy.
for base in low-memory 24gb; do
  for storage in fp8 int8; do
    python3 - "$ROOT/resources/presets/$base.json" "$WORK/$base-$storage.json" "$storage" <<'PY'
import json, sys
preset = json.load(open(sys.argv[1]))
preset["name"] = preset["name"] + "-" + sys.argv[3]
preset["strategies"].append(sys.argv[3] + "-weights")
json.dump(preset, open(sys.argv[2], "w"), indent=2)
PY
  done
done

for m in $MODELS; do
  for p in $PRESETS; do run_case "$m" "$p" "$p"; done
  run_case "$m" multi-gpu "multi-gpu-logical2" FRAMESMITH_LOGICAL_GPUS=2
  run_case "$m" "$PREFETCH2" "low-memory-prefetch2"
  for q in low-memory-fp8 low-memory-int8 24gb-fp8 24gb-int8; do run_case "$m" "$WORK/$q.json" "$q"; done
done

# 4. Summary: per stage, measured peak vs planned peak on the busiest device; streaming overhead.
python3 "$ROOT/bench/gpu/summarize.py" "$RESULTS" | tee "$OUT/summary.md"
