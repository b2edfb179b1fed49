#!/usr/bin/env bash
# The GPU runbook: speed and memory of Framesmith on a CUDA machine, side by side with diffusers on
# the same GPU, in steps of under 10 minutes that resume from what earlier steps left in $WORK.
#
#   bench/gpu/run.sh [--device cuda|cpu] [--tiny] [--steps N] STEP [ARGS]
#
#   quick               a short loan's ONE command (bench/gpu/README.md): probe, build, float32
#                       parity, 2b weights, 2b max-speed and low-memory, diffusers 2b resident,
#                       report, under its own deadline of 8 minutes (bench/gpu/quick.sh)
#   quick2              the same machine's second command (4 minutes): bfloat16 parity, 5b weights
#                       and 24gb, diffusers with model offload + VAE tiling, report
#   quick3              Wan (5 minutes): Wan 2.1 1.3B weights, low-memory (the 8 GB goal) and
#                       max-speed at 81 x 832 x 480, diffusers resident, then Wan 2.2 TI2V-5B at
#                       121 x 1280 x 704 with max-speed (the 24 GB goal), report
#   stage               on the development machine, before the repository travels: the diffusers
#                       0.36.0 sources (its CogVideoX and Wan pipelines only) and huggingface_hub's
#                       (../shared/reference/*.tgz) as .tar.xz, the torch-1.13 import shims and the
#                       Debian packages the build needs and a bare GPU machine lacks (nlohmann-json,
#                       SentencePiece: apt-get download) into bench/gpu/stage/ (ignored by git;
#                       carry it to the runner; ~2 MiB)
#   build               framesmith-cli and bench_gpu_* against this python3's PyTorch (its libtorch,
#                       CUDA), in build-gpu/: torch's CMake config, else its include/ and lib/
#                       directly (bench/gpu/build.sh); the stripped binaries to $OUT
#   weights MODEL       random weights for MODEL (CogVideoX: 2b, 5b, 5b-i2v, 1.5-5b, 1.5-5b-i2v; Wan:
#                       wan-1.3b, wan-14b, wan-i2v-14b, wan-ti2v-5b, wan-a14b, wan-i2v-a14b) written by
#                       bench_gpu_make_random_model from tests/fixtures/<family>/full-size-configs,
#                       bfloat16, sharded like the real checkpoints; T5-XXL / UMT5-XXL written once
#                       per family and linked (disk: Wan 1.3B 14 GB, TI2V-5B +10, 14B +29, A14B +57)
#   parity              the fixture cases (text encoder, transformer: 4 variants x 2 cases, VAE; Open-Sora:
#                       text encoder, STDiT3, VAE, RFLOW scheduler, pipeline) on
#                       --device in float32 (TF32 off: must meet the fixture tolerances) and bfloat16
#                       (relative RMS error recorded)
#   presets MODEL [P..] plan + generate for each built-in preset (default: all five): s/step,
#                       peak allocated per stage (FRAMESMITH_MEMORY_REPORT) against the planner
#   variants MODEL      fp8 / int8 block storage, streaming two blocks ahead, guidance split over two
#                       logical devices (FRAMESMITH_LOGICAL_GPUS=2): presets edited, not coded
#   diffusers MODEL     the same request through diffusers 0.36.0 (bench/gpu/diffusers_side_by_side.py):
#                       everything resident, then model offload + VAE tiling; s/step and peaks
#   cache MODEL         every --cache setting against the uncached run (bench_step_cache, same seed):
#                       denoise speed-up (wall, CPU), final latents' error, decoded video PSNR;
#                       the table to $OUT/step-cache-MODEL.md and results.jsonl
#   report              results.jsonl -> $OUT/benchmarks-gpu.md: the table for docs/benchmarks.md,
#                       with date, device, driver, torch
#   cpu-proof           every step above on the CPU with the tiny fixture configs (weights written by
#                       the same program), so that on a GPU machine only the GPU is new
#
# The request is the model's (request_of): CogVideoX 49 x 720 x 480, Wan 2.1 and A14B 81 x 832 x 480,
# TI2V-5B 121 x 1280 x 704 (the issue's memory goals), 4 steps, negative prompt "" on both sides.
# --tiny uses the tiny fixture configs (tests/fixtures/{cogvideox,wan}/models/*) and a small request
# (9 frames, 96 x 64, 2 steps); --device cpu runs on the CPU (no CUDA needed). $WORK (default
# bench/gpu/work, ignored) keeps weights and results between steps; each step copies run.log,
# results.jsonl and the latest summary to $OUT (default bench/gpu/out); every row is written into
# $OUT/results.jsonl as it is made.
set -euo pipefail
RUN_OPTIONS=()
# The GPU image's Python is a venv (/opt/torch/.venv): the JSON helpers below need a python3.
command -v python3 > /dev/null || [ ! -x /opt/torch/.venv/bin/python3 ] || PATH=/opt/torch/.venv/bin:$PATH

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
HERE=$ROOT/bench/gpu
OUT=${OUT:-$HERE/out}
WORK=${WORK:-$HERE/work}
BASE_WORK=$WORK # what a quick stage's child process is given (it adds tiny/ itself)
STAGE=$HERE/stage
REFERENCE=$WORK/reference
DEVICE=cuda
TINY=0
STEPS=
while [ $# -gt 0 ]; do
  case "$1" in
    --device) DEVICE=$2; RUN_OPTIONS+=("$1" "$2"); shift 2 ;;
    --tiny) TINY=1; RUN_OPTIONS+=("$1"); shift ;;
    --steps) STEPS=$2; RUN_OPTIONS+=("$1" "$2"); shift 2 ;;
    -h|--help) sed -n 2,56p "$0"; exit 0 ;;
    -*) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
STEP=${1:-}
shift || true
if [ "$TINY" = 1 ]; then
  FRAMES=9 WIDTH=96 HEIGHT=64 STEPS=${STEPS:-2} DTYPE=float32 SHARD_GIB=0.0005
  WORK=$WORK/tiny
  REFERENCE=$WORK/reference
else
  FRAMES=49 WIDTH=720 HEIGHT=480 STEPS=${STEPS:-4} DTYPE=bfloat16 SHARD_GIB=2
fi
BUILD=${BUILD:-$ROOT/build-gpu}
# The CPU proof may use the default build; quick builds its own.
case "$STEP" in quick|quick2|quick3|__stage) ;; *) [ "$DEVICE" = cpu ] && [ ! -x "$BUILD/bin/framesmith-cli" ] && BUILD=$ROOT/build || true ;; esac
CLI=$BUILD/bin/framesmith-cli
FIXTURES=$ROOT/tests/fixtures/cogvideox
OS_FIXTURES=$ROOT/tests/fixtures/opensora
WAN_FIXTURES=$ROOT/tests/fixtures/wan
RESULTS=$WORK/results.jsonl
PROMPT="a red fox running through fresh snow at dawn, cinematic"
mkdir -p "$OUT" "$WORK"
# This call's $OUT starts with the rows of earlier calls (a warm machine keeps $WORK); each new row
# is appended to both at once (record), so a call killed from outside keeps what it made.
[ -f "$OUT/results.jsonl" ] || cp "$RESULTS" "$OUT/results.jsonl" 2> /dev/null || true
if [ -z "${FRAMESMITH_QUICK_CHILD:-}" ]; then
  exec > >(tee -a "$OUT/run.log") 2>&1
  echo "== $(date -u +%FT%TZ) run.sh $STEP $* (device $DEVICE, tiny $TINY, $FRAMES x ${WIDTH}x$HEIGHT, $STEPS steps)"
fi

die() { echo "run.sh: $*" >&2; exit 1; }
# The Python that has torch: $PYTHON, else python3, else Debian's /usr/bin/python3 (python3-torch)
# when a pyenv or venv python3 without torch comes first on PATH.
torch_python() {
  local p
  for p in ${PYTHON:-} python3 /opt/torch/.venv/bin/python3 /usr/bin/python3; do
    "$p" -c 'import torch' 2> /dev/null && { echo "$p"; return; }
  done
  die "no python3 with torch (set PYTHON)"
}
need() { command -v "$1" > /dev/null || die "'$1' is missing on this machine"; }

model_dir() { echo "$WORK/models/$1"; }
device_line() {
  if [ "$DEVICE" = cpu ]; then echo "CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) threads"
  else nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2> /dev/null | head -1 ||
    echo "no nvidia-smi"; fi
}
record() { # one JSON row, checked, into $RESULTS and $OUT/results.jsonl
  local line; line=$(python3 -c 'import json,sys; print(json.dumps(json.loads(sys.argv[1])))' "$1")
  printf '%s\n' "$line" >> "$OUT/results.jsonl"
  printf '%s\n' "$line" >> "$RESULTS"
}

step_build() {
  GPU_TARGETS="$GPU_TARGETS bench_gpu_compare bench_step_cache" build_gpu || die "the build failed (logs in $OUT)"
  echo "built via torch's $BUILD_ROUTE route, C++$BUILD_STD: $BUILD_WALL_S s wall, $BUILD_USER_S s user"
  pack_binaries
}

step_weights() {
  local model=${1:?weights MODEL}
  local out; out=$(model_dir "$model")
  local like=$FIXTURES/models/tiny-2b first=2b
  case "$model" in wan-*) like=$WAN_FIXTURES/models/$(wan_tiny "$model") first=wan-1.3b ;; esac
  local others=(--text-encoder-from "$(model_dir "$first")")
  [ "$model" = "$first" ] && others=()
  "$BUILD/bin/bench_gpu_make_random_model" "$(config_dir "$model")" "$out" --dtype "$DTYPE" \
    --tokenizer-from "$like" --shard-gib "$SHARD_GIB" --device "${WEIGHTS_DEVICE:-cpu}" "${others[@]}"
  "$CLI" inspect "$out" > "$out.inspect.txt"
  grep -E "^(variant|size on disk|component)" "$out.inspect.txt"
}

# atol per kind from each fixture README ("Suggested acceptance"), rtol 1e-4.
step_parity() {
  local status=0 variant case out dtype kind golden atol
  for dtype in float32 bfloat16; do
    for golden in "$FIXTURES"/golden/tiny-*/transformer_case*.safetensors "$FIXTURES"/golden/text_encoder.safetensors \
        "$FIXTURES"/golden/vae/*.safetensors "$OS_FIXTURES"/golden/stdit3/*.safetensors \
        "$OS_FIXTURES"/golden/text_encoder.safetensors "$OS_FIXTURES"/golden/vae/*.safetensors \
        "$OS_FIXTURES"/golden/scheduler/rflow.safetensors "$OS_FIXTURES"/golden/pipeline.safetensors; do
      [ -f "$golden" ] || continue
      local model=() own=()
      # Open-Sora: the three repos as on a user's disk; atol from its README, rtol 1e-4 likewise
      # (the pipeline's recorded draws replace the generator; video_uint8 is allowed ±1).
      case "$golden" in */opensora/golden/stdit3/*) kind=transformer atol=1e-4 model=(--model "$OS_FIXTURES/models") ;;
        */opensora/golden/vae/*) kind=vae atol=1e-4 model=(--model "$OS_FIXTURES/models") ;;
        */opensora/golden/scheduler/*) kind=scheduler atol=1e-5 model=(--model "$OS_FIXTURES/models") ;;
        */opensora/golden/pipeline.safetensors) kind=pipeline atol=5e-4 model=(--model "$OS_FIXTURES/models")
          own=(--atol-for video_uint8=1) ;;
        */opensora/golden/*) kind=text-encoder atol=5e-4 model=(--model "$OS_FIXTURES/models") ;;
        *transformer*) kind=transformer atol=1e-4 ;;
        */vae/*) kind=vae atol=1e-4 model=(--model "$FIXTURES/models/tiny-2b") ;;
        *) kind=text-encoder atol=5e-4 model=(--model "$FIXTURES/models/tiny-2b") ;; esac
      variant=$(basename "$(dirname "$golden")")
      case "$golden" in */opensora/*) variant=opensora-$variant ;; esac
      case=$(basename "$golden" .safetensors)
      out=$WORK/parity/$DEVICE-$dtype-$variant-$case.safetensors
      mkdir -p "$WORK/parity"
      FRAMESMITH_EVAL_DEVICE=$DEVICE FRAMESMITH_EVAL_DTYPE=$dtype NVIDIA_TF32_OVERRIDE=0 \
        "$CLI" eval "$kind" "${model[@]}" --case "$golden" --out "$out" > /dev/null
      local strict=(); [ "$dtype" = float32 ] && strict=(--strict)
      local row
      row=$("$BUILD/bin/bench_gpu_compare" "$golden" "$out" --atol "$atol" --label "$variant/$case" "${strict[@]}" \
        "${own[@]}") || status=1
      record "$(python3 -c 'import json,sys; r=json.loads(sys.argv[1]); r.update(step="parity", device=sys.argv[2], dtype=sys.argv[3]); print(json.dumps(r))' "$row" "$DEVICE" "$dtype")"
      echo "$dtype $variant/$case: $row"
    done
  done
  [ $status = 0 ] || die "float32 parity failed on $DEVICE (rows above)"
}

presets_of() { ls "$ROOT/resources/presets" | sed 's/\.json$//'; }
# .mp4 where the CLI was built with FFmpeg, else the float frames.
frames_ext() { grep -qs "FRAMESMITH_WITH_FFMPEG:BOOL=OFF" "$BUILD/CMakeCache.txt" && echo safetensors || echo mp4; }

step_presets() {
  local model=${1:?presets MODEL [PRESET...]}; shift
  local dir; dir=$(model_dir "$model")
  [ -f "$dir/model_index.json" ] || die "no weights for $model: run '$0 weights $model' first"
  local presets=("$@")
  [ ${#presets[@]} -gt 0 ] || mapfile -t presets < <(presets_of)
  request_of "$model"
  local vram=()
  if [ "$DEVICE" != cpu ]; then
    while IFS= read -r gib; do vram+=(--vram "$gib"); done < <(nvidia-smi --query-gpu=memory.free --format=csv,noheader,nounits | awk '{printf "%.2f\n", $1 / 1024}')
  fi
  local p case status start seconds
  for p in "${presets[@]}"; do
    local label; label=$(basename "$p" .json)
    [ -n "${FRAMESMITH_LOGICAL_GPUS:-}" ] && label="$label-logical$FRAMESMITH_LOGICAL_GPUS"
    case=$WORK/runs/$model-$label
    mkdir -p "$WORK/runs"
    "$CLI" plan --model "$dir" --preset "$p" --frames "$FRAMES" --width "$WIDTH" --height "$HEIGHT" \
      --steps "$STEPS" --guidance "$GUIDANCE" "${vram[@]}" --json > "$case.plan.json" 2> "$case.plan.stderr" || true
    status=0 start=$(date +%s.%N)
    FRAMESMITH_MEMORY_REPORT=$case.memory.json "$CLI" generate --model "$dir" --preset "$p" --prompt "$PROMPT" \
      --negative-prompt "" --frames "$FRAMES" --width "$WIDTH" --height "$HEIGHT" --steps "$STEPS" \
      --guidance "$GUIDANCE" --seed 1 \
      --out "$case.${FRAMES_EXT:-$(frames_ext)}" > "$case.stdout" 2> "$case.stderr" || status=$?
    rm -f "$case.safetensors" # float frames: 200 MB at full size, not looked at
    seconds=$(python3 -c "import time,sys; print(round(time.time() - float(sys.argv[1]), 2))" "$start")
    record "$(python3 - "$case" "$model" "$label" "$status" "$seconds" "$DEVICE" "$FRAMES x ${WIDTH}x$HEIGHT, $STEPS steps" \
      "$(goal_bytes "$model" "$label")" <<'PY'
import json, re, sys
case, model, preset, status, seconds, device, request, goal = sys.argv[1:9]
def load(path):
    try:
        return json.load(open(path))
    except Exception:
        return None
def step_seconds(path):  # the CLI's "denoise [###---] k/N  t=T  X s/step" lines
    out = []
    try:
        for line in open(path, errors="replace").read().replace("\r", "\n").splitlines():
            m = re.search(r"denoise \[[#-]*\] (\d+)/(\d+) .* ([0-9.]+) s/step", line)
            if m:
                out.append(float(m.group(3)))
    except OSError:
        pass
    return out
row = {"step": "presets", "side": "framesmith", "model": model, "label": preset, "device": device,
       "exit": int(status), "wallSeconds": float(seconds), "request": request, "plan": load(case + ".plan.json"),
       "measured": load(case + ".memory.json"), "stepSeconds": step_seconds(case + ".stderr")}
if goal:
    row["goalBytes"] = int(goal)
print(json.dumps(row))
PY
)"
    echo "-- $model $label: exit $status, $seconds s"
    [ "$status" = 0 ] || tail -5 "$case.stderr"
    [ "$status" = 0 ] || [ -z "${STRICT_PRESETS:-}" ] || die "generate $model $label failed (exit $status)"
  done
}

# Presets edited, not coded: blocks stored fp8 / int8 (low-memory and 24gb plus a weight-storage
# strategy), streaming two blocks ahead, and guidance split over two logical devices on one GPU.
step_variants() {
  local model=${1:?variants MODEL}
  mkdir -p "$WORK/presets"
  python3 - "$ROOT/resources/presets" "$WORK/presets" <<'PY'
import json, os, sys
src, dst = sys.argv[1:3]
def edit(base, name, change):
    preset = json.load(open(os.path.join(src, base + ".json")))
    preset["name"] = name
    change(preset)
    json.dump(preset, open(os.path.join(dst, name + ".json"), "w"), indent=2)
for base in ("low-memory", "24gb"):
    for storage in ("fp8", "int8"):
        edit(base, f"{base}-{storage}", lambda p, s=storage: p["strategies"].append(s + "-weights"))
edit("low-memory", "low-memory-prefetch2", lambda p: p.setdefault("placement", {}).update(streamPrefetchBlocks=2))
PY
  local presets=() p
  for p in "$WORK"/presets/*.json; do presets+=("$p"); done
  step_presets "$model" "${presets[@]}"
  FRAMESMITH_LOGICAL_GPUS=2 step_presets "$model" multi-gpu
}

step_diffusers() {
  local model=${1:?diffusers MODEL}
  local dir; dir=$(model_dir "$model")
  [ -f "$dir/model_index.json" ] || die "no weights for $model: run '$0 weights $model' first"
  unpack_reference
  [ -d "$REFERENCE/diffusers" ] || die "no diffusers sources in $REFERENCE: run '$0 stage' on the development machine"
  local placement line
  local python; python=$(torch_python)
  request_of "$model"
  for placement in ${PLACEMENTS:-resident offload-tiled}; do
    line=$("$python" "$HERE/diffusers_side_by_side.py" --model "$dir" --cli "$CLI" --reference "$REFERENCE" \
      --device "$DEVICE" --dtype "$DTYPE" --frames "$FRAMES" --width "$WIDTH" --height "$HEIGHT" --steps "$STEPS" \
      --guidance "$GUIDANCE" --prompt "$PROMPT" --placement "$placement" --label "$model" --work "$WORK/diffusers" | tail -1) || true
    [ -n "$line" ] || line="{\"step\": \"diffusers\", \"model\": \"$model\", \"label\": \"$placement\", \"exit\": 1}"
    record "$line"
    echo "$line" | cut -c1-300
    # exit 2: the reference cannot run this model here (an I2V model, Wan on torch < 2.4): said, not failed.
    local rc=0
    python3 -c 'import json, sys; sys.exit(json.loads(sys.argv[1]).get("exit", 1))' "$line" || rc=$?
    [ $rc = 2 ] && { echo "-- diffusers $model $placement: not run ($(python3 -c 'import json, sys; print(json.loads(sys.argv[1]).get("error"))' "$line"))"; continue; }
    [ $rc = 0 ] || die "diffusers $placement failed"
  done
}

step_report() {
  python3 "$HERE/summarize.py" "$RESULTS" --device "$(device_line)" > "$OUT/benchmarks-gpu.md"
  cat "$OUT/benchmarks-gpu.md"
}

# Step caching on this device: the settings' speed-up and error against the uncached run.
step_cache() {
  local model=${1:?cache MODEL}
  local dir; dir=$(model_dir "$model")
  [ -f "$dir/model_index.json" ] || die "no weights for $model: run '$0 weights $model' first"
  local table=$OUT/step-cache-$model.md
  request_of "$model"
  "$BUILD/bin/bench_step_cache" --model "$dir" --device "$DEVICE" --frames "$FRAMES" --width "$WIDTH" \
    --height "$HEIGHT" --steps "${CACHE_STEPS:-30}" --repeats "${CACHE_REPEATS:-2}" | tee "$table"
  record "$(python3 -c 'import json,sys; print(json.dumps({"step": "cache", "model": sys.argv[1], "device": sys.argv[2], "table": open(sys.argv[3]).read()}))' "$model" "$DEVICE" "$table")"
}

step_cpu_proof() {
  [ "$DEVICE" = cpu ] && [ "$TINY" = 1 ] || die "cpu-proof runs with --device cpu --tiny"
  : > "$RESULTS"
  : > "$OUT/results.jsonl"
  step_weights 2b
  step_weights 5b
  step_parity
  step_presets 2b
  step_presets 5b 24gb low-memory
  step_variants 2b
  step_cache 2b
  step_diffusers 2b
  step_diffusers 5b
  step_weights wan-1.3b
  step_weights wan-ti2v-5b
  step_weights wan-a14b
  step_presets wan-1.3b low-memory max-speed
  step_presets wan-ti2v-5b max-speed
  step_presets wan-a14b low-memory
  step_diffusers wan-1.3b
  step_diffusers wan-ti2v-5b
  step_report
}

# shellcheck source=bench/gpu/models.sh
source "$HERE/models.sh"
# shellcheck source=bench/gpu/stage.sh
source "$HERE/stage.sh"
# shellcheck source=bench/gpu/build.sh
source "$HERE/build.sh"
# shellcheck source=bench/gpu/quick.sh
source "$HERE/quick.sh"
LD_LIBRARY_PATH=$(runtime_library_path)
export LD_LIBRARY_PATH

case "$STEP" in
  quick) step_quick ;;
  quick2) step_quick2 ;;
  quick3) step_quick3 ;;
  __stage) run_stage "$@" ;;
  stage) step_stage ;;
  build) step_build ;;
  weights) step_weights "$@" ;;
  parity) step_parity ;;
  presets) step_presets "$@" ;;
  variants) step_variants "$@" ;;
  diffusers) step_diffusers "$@" ;;
  cache) step_cache "$@" ;;
  report) step_report ;;
  cpu-proof) step_cpu_proof ;;
  *) echo "usage: bench/gpu/run.sh [--device cuda|cpu] [--tiny] [--steps N] quick|quick2|quick3|stage|build|weights MODEL|parity|presets MODEL [PRESET...]|variants MODEL|diffusers MODEL|report|cpu-proof" >&2; exit 2 ;;
esac
