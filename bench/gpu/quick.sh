# Sourced by bench/gpu/run.sh: `quick`, `quick2` and `quick3` (Wan), the runbook for a short loan.
# ONE device command each, with its own deadline (FRAMESMITH_QUICK_BUDGET_S, default 480 s for quick,
# 240 s for quick2, 300 s for quick3): the stages run in priority order; one whose time is not left is skipped and says so;
# one still running at the deadline is stopped (its whole process group); the report is always
# written. Every row goes straight into $OUT/results.jsonl as it is made (and into
# $WORK/results.jsonl, which quick2 reports on with quick's rows), so a call killed from outside
# keeps every row made before.
#
# FRAMESMITH_QUICK_FAKE="STAGE=SECONDS ..." (tests): every stage only sleeps (0 s unless named) and
# records a row, so the deadline can be tested without a build or a GPU.

QUICK_STAGES=(probe build parity-float32 weights-2b 2b-max-speed 2b-low-memory diffusers-2b-resident)
QUICK2_STAGES=(probe build parity-bfloat16 weights-5b 5b-24gb diffusers-2b-offload-tiled)
# Wan: the 1.3B's 8 GB goal (low-memory) and its speed beside diffusers, then TI2V-5B's 24 GB goal.
QUICK3_STAGES=(probe build weights-wan-1.3b wan-1.3b-low-memory wan-1.3b-max-speed diffusers-wan-1.3b-resident
  weights-wan-ti2v-5b wan-ti2v-5b-max-speed)

# Seconds a stage needs at least to be worth starting (an H100's figures; --tiny: a tenth).
stage_need() {
  [ -n "${FRAMESMITH_QUICK_FAKE:-}" ] && { echo 1; return; }
  local need
  case "$1" in
    probe) need=5 ;; build) need=30 ;; parity-*) need=20 ;; weights-*) need=30 ;;
    2b-max-speed|5b-24gb) need=45 ;; 2b-low-memory) need=60 ;; diffusers-*) need=60 ;;
    wan-1.3b-*) need=60 ;; wan-ti2v-5b-*) need=90 ;; *) need=10 ;;
  esac
  [ "$TINY" = 1 ] && need=$(( (need + 9) / 10 ))
  echo "$need"
}

# row JSON: one line into this call's $OUT and the session's $WORK, written at once.
row() {
  printf '%s\n' "$1" >> "$OUT/results.jsonl"
  printf '%s\n' "$1" >> "$RESULTS"
}

stage_row() { # STAGE STATUS SECONDS NOTE
  row "$(python3 -c 'import json, sys; print(json.dumps({"step": "quick", "stage": sys.argv[1], "status": sys.argv[2],
    "seconds": float(sys.argv[3]), "note": sys.argv[4], "device": sys.argv[5], "tiny": sys.argv[6] == "1"}))' \
    "$1" "$2" "$3" "$4" "$DEVICE" "$TINY")"
}

# Every process below PID (from /proc: a bare image may have no ps).
descendants() {
  python3 - "$1" <<'PY'
import os, sys
parent = {}
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        parent[int(pid)] = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        pass
todo, found = [int(sys.argv[1])], []
while todo:
    this = todo.pop()
    kids = [child for child, p in parent.items() if p == this]
    found += kids
    todo += kids
print(" ".join(map(str, found)))
PY
}

# run_with_deadline SECONDS COMMAND...: COMMAND in the background of THIS process group (not
# `timeout`, which makes a group of its own that a kill of the call from outside would miss); at
# the deadline it and everything below it get SIGTERM, SIGKILL 5 s later. 124 when stopped.
run_with_deadline() {
  local seconds=$1; shift
  "$@" &
  local pid=$! end=$(($(date +%s) + seconds))
  while kill -0 "$pid" 2> /dev/null; do
    if [ "$(date +%s)" -ge "$end" ]; then
      local tree; tree="$pid $(descendants "$pid")"
      kill -TERM $tree 2> /dev/null || true
      local i
      for i in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2> /dev/null || break; sleep 0.5; done
      kill -KILL $tree $(descendants "$pid") 2> /dev/null || true
      wait "$pid" 2> /dev/null || true
      return 124
    fi
    sleep 0.5
  done
  wait "$pid"
}

# run_stages NAME...: each under what is left of the deadline, the report last.
run_stages() {
  local budget=$1; shift
  local reserve=${FRAMESMITH_QUICK_RESERVE_S:-15}
  [ -n "${FRAMESMITH_QUICK_FAKE:-}" ] && reserve=${FRAMESMITH_QUICK_RESERVE_S:-2}
  local deadline=$((QUICK_START + budget - reserve)) status=0 stage
  echo "== quick: budget ${budget}s (report reserve ${reserve}s), stages: $*"
  for stage in "$@"; do
    local left=$((deadline - $(date +%s))) need; need=$(stage_need "$stage")
    if [ "$left" -lt "$need" ]; then
      echo "-- $stage: SKIPPED (needs ~${need}s, $((left > 0 ? left : 0))s left before the deadline)"
      stage_row "$stage" skipped 0 "needs ~${need}s, $((left > 0 ? left : 0))s left before the deadline"
      status=3; continue
    fi
    echo "-- $stage: starting (${left}s left)"
    local t0; t0=$(date +%s.%N)
    local rc=0
    OUT=$OUT WORK=$BASE_WORK BUILD=$BUILD FRAMESMITH_QUICK_CHILD=1 \
      run_with_deadline "$left" bash "$HERE/run.sh" "${RUN_OPTIONS[@]}" __stage "$stage" || rc=$?
    local seconds; seconds=$(python3 -c 'import sys, time; print(round(time.time() - float(sys.argv[1]), 1))' "$t0")
    case $rc in
      0) stage_row "$stage" ok "$seconds" "" ;;
      124|137) echo "-- $stage: STOPPED at the deadline after ${seconds}s"
        stage_row "$stage" stopped "$seconds" "still running at the deadline"; status=3 ;;
      *) echo "-- $stage: FAILED (exit $rc) after ${seconds}s"
        stage_row "$stage" failed "$seconds" "exit $rc"; [ $status = 0 ] && status=1 ;;
    esac
    # Nothing after a failed build can run: say so per stage rather than fail each one.
    if [ "$stage" = build ] && [ $rc != 0 ]; then
      local rest
      for rest in "${@:2}"; do stage_row "$rest" skipped 0 "no build"; done
      break
    fi
  done
  local t0; t0=$(date +%s.%N)
  step_report > /dev/null && stage_row report ok "$(python3 -c 'import sys, time; print(round(time.time() - float(sys.argv[1]), 1))' "$t0")" "$OUT/benchmarks-gpu.md" ||
    { stage_row report failed 0 "summarize.py failed"; status=1; }
  cat "$OUT/benchmarks-gpu.md" 2> /dev/null || true
  echo "== quick: done in $(( $(date +%s) - QUICK_START ))s, exit $status (0 all ran, 3 some skipped or stopped, 1 a failure)"
  return $status
}

step_quick() {
  QUICK_START=${QUICK_START:-$(date +%s)}
  run_stages "${FRAMESMITH_QUICK_BUDGET_S:-480}" "${QUICK_STAGES[@]}"
}

step_quick2() {
  QUICK_START=${QUICK_START:-$(date +%s)}
  run_stages "${FRAMESMITH_QUICK_BUDGET_S:-240}" "${QUICK2_STAGES[@]}"
}

step_quick3() {
  QUICK_START=${QUICK_START:-$(date +%s)}
  run_stages "${FRAMESMITH_QUICK_BUDGET_S:-300}" "${QUICK3_STAGES[@]}"
}

# One stage, in a child process of its own (run_stages runs it under `timeout`).
run_stage() {
  local stage=$1
  if [ -n "${FRAMESMITH_QUICK_FAKE:-}" ]; then
    local seconds; seconds=$(tr ' ' '\n' <<< "$FRAMESMITH_QUICK_FAKE" | sed -n "s/^$stage=//p" | head -1)
    row "{\"step\": \"fake\", \"stage\": \"$stage\", \"started\": $(date +%s)}"
    sleep "${seconds:-0}"
    return 0
  fi
  case "$stage" in
    probe) quick_probe ;;
    build) quick_build ;;
    parity-float32) quick_parity float32 ;;
    parity-bfloat16) quick_parity bfloat16 ;;
    weights-2b) quick_weights 2b ;;
    weights-5b) quick_weights 5b ;;
    2b-max-speed) quick_preset 2b max-speed ;;
    2b-low-memory) quick_preset 2b low-memory ;;
    5b-24gb) quick_preset 5b 24gb ;;
    diffusers-2b-resident) quick_diffusers 2b resident ;;
    diffusers-2b-offload-tiled) quick_diffusers 2b offload-tiled ;;
    weights-wan-1.3b) quick_weights wan-1.3b ;;
    weights-wan-ti2v-5b) quick_weights wan-ti2v-5b ;;
    wan-1.3b-low-memory) quick_preset wan-1.3b low-memory ;;
    wan-1.3b-max-speed) quick_preset wan-1.3b max-speed ;;
    wan-ti2v-5b-max-speed) quick_preset wan-ti2v-5b max-speed ;;
    diffusers-wan-1.3b-resident) quick_diffusers wan-1.3b resident ;;
    *) die "unknown stage $stage" ;;
  esac
}

# What the machine has: GPU, driver, torch, compilers, what the tree carried.
quick_probe() {
  unpack_deps
  unpack_reference
  torch_layout
  local python; python=$(torch_python)
  local gpu="none" cc; cc=$(cuda_arch || true)
  command -v nvidia-smi > /dev/null && gpu=$(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | head -1)
  row "$("$python" - "$gpu" "$TORCH_DIR" "$TORCH_INCDIR" "$TORCH_LIBDIR" "$STAGE" "$(deps_root)" "$cc" <<'PY'
import importlib, json, os, platform, shutil, subprocess, sys
gpu, torch_dir, incdir, libdir, stage, deps, cc = sys.argv[1:8]
def out(*cmd):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=20).stdout.splitlines()[0]
    except Exception as e:
        return f"missing ({type(e).__name__})"
def version(name):
    try:
        return importlib.import_module(name).__version__
    except Exception as e:
        return f"missing ({type(e).__name__})"
import torch
row = {"step": "probe", "gpu": gpu, "computeCapability": cc, "python": platform.python_version(),
       "torch": torch.__version__, "torchCuda": torch.version.cuda, "cudaAvailable": torch.cuda.is_available(),
       "torchDir": torch_dir, "torchInclude": incdir, "torchLib": libdir,
       "torchCMakeConfig": os.path.exists(os.path.join(torch.utils.cmake_prefix_path, "Torch", "TorchConfig.cmake")),
       "gcc": out("gcc", "--version"), "cmake": out("cmake", "--version"), "ninja": out("ninja", "--version"),
       "nvcc": out("nvcc", "--version") if shutil.which("nvcc") or os.path.exists("/usr/local/cuda/bin/nvcc") else "missing",
       "pkgConfig": bool(shutil.which("pkg-config")), "dpkg": bool(shutil.which("dpkg")),
       "cores": os.cpu_count(), "transformers": version("transformers"), "huggingface_hub": version("huggingface_hub"),
       "safetensors": version("safetensors"), "carried": sorted(os.listdir(stage)) if os.path.isdir(stage) else [],
       "carriedPackages": sorted(os.listdir(os.path.join(stage, "debs"))) if os.path.isdir(os.path.join(stage, "debs")) else [],
       "diskFreeGiB": round(shutil.disk_usage(os.getcwd()).free / 2**30, 1)}
print(json.dumps(row))
PY
)"
  tail -1 "$OUT/results.jsonl" | cut -c1-600
}

quick_build() {
  torch_layout
  unpack_deps
  if [ -x "$CLI" ] && [ -f "$BUILD/.source-hash" ] && [ "$(cat "$BUILD/.source-hash")" = "$(source_hash)" ]; then
    echo "-- build: $BUILD is up to date for this tree"; row '{"step": "build", "route": "already built"}'; return 0
  fi
  if use_prebuilt; then
    source_hash > "$BUILD/.source-hash"
    row "{\"step\": \"build\", \"route\": \"prebuilt\", \"torch\": \"$TORCH_VERSION\"}"; return 0
  fi
  build_gpu || return 1
  source_hash > "$BUILD/.source-hash"
  check_video_refusal
  log_sentencepiece
  local cores; cores=$(nproc)
  row "$(python3 -c 'import json, sys
route, std, conf, wall, user, system, cores, torch, ccache = sys.argv[1:10]
cpu = float(user) + float(system)
print(json.dumps({"step": "build", "route": route, "cxx": std, "torch": torch, "configureSeconds": float(conf),
  "wallSeconds": float(wall), "cpuSeconds": round(cpu, 1), "cores": int(cores), "ccache": ccache == "1",
  "estimate16CoresSeconds": round(float(conf) + cpu / 16 / 0.85 + 15, 0)}))' \
    "$BUILD_ROUTE" "$BUILD_STD" "$BUILD_CONFIGURE_S" "$BUILD_WALL_S" "$BUILD_USER_S" "$BUILD_SYS_S" "$cores" \
    "$TORCH_VERSION" "$(grep -qs 'CMAKE_CXX_COMPILER_LAUNCHER:.*ccache' "$BUILD/CMakeCache.txt" && echo 1 || echo 0)")"
  tail -1 "$OUT/results.jsonl"
  pack_binaries || echo "-- build: the binaries could not be packed for reuse (xz, strip?)"
}

# Where the bridge's SentencePiece header and library came from, what the machine has of its own,
# and one prompt's ids: a header and a library of different versions give garbage ids.
log_sentencepiece() {
  echo "-- build: SentencePiece: $(grep -E '^(SENTENCEPIECE_INCLUDE_DIR|SENTENCEPIECE_LIBRARY|SENTENCEPIECE_LINK_LIBRARIES|FRAMESMITH_SENTENCEPIECE_PREFIX)[:=]' "$BUILD/CMakeCache.txt" | tr '\n' ' ')"
  echo "-- build: the machine's own: $(ls /usr/include/sentencepiece* /usr/lib/x86_64-linux-gnu/libsentencepiece* 2> /dev/null | tr '\n' ' ')"
  echo "-- build: the module loads: $(ldd "$BUILD/bin/libframesmith_spbridge.so" 2> /dev/null | grep -E 'sentencepiece|protobuf' | tr '\n' ' ')"
  echo "-- build: tokenize 'a cat': $("$CLI" tokenize --model "$FIXTURES/models/tiny-2b" --max-length 8 "a cat" 2>&1 | head -c 400)"
}

# A build without FFmpeg must refuse a video --out up front, naming the option.
check_video_refusal() {
  grep -qs "FRAMESMITH_WITH_FFMPEG:BOOL=OFF" "$BUILD/CMakeCache.txt" || return 0
  local refusal
  refusal=$("$CLI" generate --model "$FIXTURES/models/tiny-2b" --prompt x --out "$WORK/refused.mp4" 2>&1 > /dev/null) || true
  echo "-- build: without FFmpeg a video --out is refused: $refusal"
  grep -q "FRAMESMITH_WITH_FFMPEG" <<< "$refusal" || die "a build without FFmpeg did not refuse a .mp4 naming the option"
}

# The fixture cases as bench_gpu_parity reads them: LABEL KIND MODEL GOLDEN ATOL [NAME=ATOL...]
# (atol per kind from each fixture README's "Suggested acceptance", rtol 1e-4).
parity_cases() {
  local golden kind atol model own variant
  for golden in "$FIXTURES"/golden/tiny-*/transformer_case*.safetensors "$FIXTURES"/golden/text_encoder.safetensors \
      "$FIXTURES"/golden/vae/*.safetensors "$FIXTURES"/golden/tiny-*/pipeline.safetensors \
      "$FIXTURES"/golden/scheduler/*.safetensors "$OS_FIXTURES"/golden/stdit3/*.safetensors \
      "$OS_FIXTURES"/golden/text_encoder.safetensors "$OS_FIXTURES"/golden/vae/*.safetensors \
      "$OS_FIXTURES"/golden/scheduler/rflow.safetensors "$OS_FIXTURES"/golden/pipeline.safetensors; do
    [ -f "$golden" ] || continue
    model=- own=()
    case "$golden" in
      */opensora/golden/stdit3/*) kind=transformer atol=1e-4 model=$OS_FIXTURES/models ;;
      */opensora/golden/vae/*) kind=vae atol=1e-4 model=$OS_FIXTURES/models ;;
      */opensora/golden/scheduler/*) kind=scheduler atol=1e-5 model=$OS_FIXTURES/models ;;
      */opensora/golden/pipeline.safetensors) kind=pipeline atol=5e-4 model=$OS_FIXTURES/models own=(video_uint8=1) ;;
      */opensora/golden/*) kind=text-encoder atol=5e-4 model=$OS_FIXTURES/models ;;
      */cogvideox/golden/tiny-*/pipeline.safetensors) kind=pipeline atol=5e-4
        own=(timesteps=1e-6 prompt_input_ids=0 negative_prompt_input_ids=0)
        for k in 0 1 2 3 4 5 6 7; do own+=("step$k.timestep=1e-6" "step$k.guidance_scale=1e-12"); done ;;
      */cogvideox/golden/scheduler/*) kind=scheduler atol=1e-5 own=(alphas_cumprod=1e-6 final_alpha_cumprod=1e-6
        timesteps.4=1e-6 timesteps.10=1e-6 timesteps.50=1e-6) ;;
      *transformer*) kind=transformer atol=1e-4 ;;
      */vae/*) kind=vae atol=1e-4 model=$FIXTURES/models/tiny-2b ;;
      *) kind=text-encoder atol=5e-4 model=$FIXTURES/models/tiny-2b ;;
    esac
    variant=$(basename "$(dirname "$golden")")
    case "$golden" in */opensora/*) variant=opensora-$variant ;; esac
    printf '%s\t%s\t%s\t%s\t%s' "$variant/$(basename "$golden" .safetensors)" "$kind" "$model" "$golden" "$atol"
    [ ${#own[@]} = 0 ] || printf '\t%s' "${own[@]}"
    printf '\n'
  done
  # Wan's 23 cases (every golden but the CLIP image encoder's, which no eval kind takes), with the
  # README's atol for each tensor.
  python3 "$HERE/wan_parity_cases.py" "$WAN_FIXTURES"
}

# Every case in one process; float32 (TF32 off) must meet the tolerances, bfloat16 is recorded.
quick_parity() {
  local dtype=$1 strict=() status=0
  mkdir -p "$WORK/parity"
  rm -f "$WORK/parity/exit"
  parity_cases > "$WORK/parity/cases.tsv"
  [ "$dtype" = float32 ] && strict=(--strict)
  echo "-- parity $dtype on $DEVICE: $(wc -l < "$WORK/parity/cases.tsv") cases in one process"
  local line
  while IFS= read -r line; do
    [ "${line:0:1}" = "{" ] || { echo "  $line"; continue; } # a kind's own output, not a row
    row "$line"
    python3 -c 'import json, sys; r = json.loads(sys.argv[1]); print(" ", r["label"], r.get("error") or
      "max abs %.2e, outside %d, %.1f s" % (r["maxAbsDiff"], r["elementsOutside"], r["seconds"]))' "$line"
  done < <(FRAMESMITH_EVAL_DEVICE=$DEVICE FRAMESMITH_EVAL_DTYPE=$dtype NVIDIA_TF32_OVERRIDE=0 \
    "$BUILD/bin/bench_gpu_parity" "$WORK/parity/cases.tsv" "${strict[@]}"; echo "exit $?" > "$WORK/parity/exit")
  # The loop ends when the program closes its output, which can be before the substitution has
  # written its exit status (the first GPU loan read a missing file here).
  wait $! 2> /dev/null
  local tries=0
  while [ ! -s "$WORK/parity/exit" ] && [ $tries -lt 100 ]; do sleep 0.1; tries=$((tries + 1)); done
  status=$(sed 's/exit //' "$WORK/parity/exit" 2> /dev/null)
  [ "$status" = 0 ] || die "$dtype parity failed on $DEVICE (rows above)"
}

quick_weights() {
  local device=cpu
  [ "$DEVICE" != cpu ] && device=cuda
  WEIGHTS_DEVICE=$device step_weights "$1"
}

quick_preset() { STRICT_PRESETS=1 FRAMES_EXT=safetensors step_presets "$1" "$2"; }

quick_diffusers() { PLACEMENTS=$2 step_diffusers "$1"; }
