# Sourced by bench/gpu/run.sh: the GPU build and what it needs, on a machine that has a compiler,
# CMake, Ninja and Python's torch, and nothing else: nlohmann-json and SentencePiece come as Debian
# packages carried in bench/gpu/stage/debs (unpacked here with dpkg -x), FFmpeg is left out when
# pkg-config cannot find it (FRAMESMITH_WITH_FFMPEG=OFF: the CLI writes .safetensors).
#
# torch: its CMake config first; where that fails, the same call goes on with torch's include/ and
# lib/ directly (cmake/TorchDirect.cmake); a build whose errors ask for C++20 is retried with it.
# FRAMESMITH_TORCH_ROUTE=config|direct forces one route (the rehearsal runs both).

deps_root() { echo "$WORK/deps/root"; }

# The carried .debs, unpacked once; prints what is there.
unpack_deps() {
  local debs=$STAGE/debs root; root=$(deps_root)
  [ -d "$debs" ] || { echo "no carried packages ($debs): run '$0 stage' before the tree travels"; return 0; }
  if [ ! -f "$root/.unpacked" ] || [ "$debs" -nt "$root/.unpacked" ]; then
    rm -rf "$root" && mkdir -p "$root"
    local deb
    for deb in "$debs"/*.deb; do
      if command -v dpkg > /dev/null; then dpkg -x "$deb" "$root"
      else ar p "$deb" data.tar.xz | tar -xJf - -C "$root"; fi # Debian 12's .debs hold data.tar.xz
    done
    touch "$root/.unpacked"
  fi
  echo "carried packages unpacked in $root: $(cd "$debs" && ls *.deb | sed 's/_.*//' | tr '\n' ' ')"
}

# The library folders a run needs on LD_LIBRARY_PATH (carried packages; torch's own lib/).
runtime_library_path() {
  local root; root=$(deps_root)
  local dirs=("$root/usr/lib/x86_64-linux-gnu" "$root/usr/lib")
  [ -n "${TORCH_LIBDIR:-}" ] && dirs+=("$TORCH_LIBDIR")
  local IFS=:; echo "${dirs[*]}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}

# Sets TORCH_DIR, TORCH_VERSION, TORCH_CUDA, TORCH_ABI, TORCH_PREFIX, TORCH_INCDIR, TORCH_LIBDIR.
torch_layout() {
  local python; python=$(torch_python)
  local info
  info=$("$python" -c 'import os, torch
print(os.path.dirname(torch.__file__)); print(torch.__version__); print(torch.version.cuda or "")
print(int(torch._C._GLIBCXX_USE_CXX11_ABI)); print(torch.utils.cmake_prefix_path); print(torch._C.__file__)
# What the CMake targets of torch define for their users (the direct route defines the same).
import torch.distributed as d
names = []
if d.is_available():
    names.append("USE_DISTRIBUTED")
    names += [f"USE_C10D_{n}" for n in ("GLOO", "MPI", "NCCL") if getattr(d, f"is_{n.lower()}_available")()]
    try:
        from torch.distributed import rpc
        names += ["USE_RPC", "USE_TENSORPIPE"] if rpc.is_available() else []
    except Exception:
        pass
print(";".join(sorted(names)))')
  { read -r TORCH_DIR; read -r TORCH_VERSION; read -r TORCH_CUDA; read -r TORCH_ABI; read -r TORCH_PREFIX
    read -r TORCH_C; read -r TORCH_DEFINITIONS; } <<< "$info"
  # A wheel holds include/ and lib/; Debian splits them into libtorch-dev (/usr/include, /usr/lib/<arch>)
  # and links them from the package folder: the real folder, as torch's config names it.
  TORCH_INCDIR=$TORCH_DIR/include
  [ -f "$TORCH_INCDIR/ATen/ATen.h" ] || TORCH_INCDIR=/usr/include
  TORCH_INCDIR=$(dirname "$(dirname "$(readlink -f "$TORCH_INCDIR/ATen/ATen.h")")")
  TORCH_LIBDIR=$TORCH_DIR/lib
  if [ ! -e "$TORCH_LIBDIR/libtorch_cpu.so" ]; then
    local cpu; cpu=$(ldd "$TORCH_C" 2> /dev/null | awk '/libtorch_cpu/ {print $3; exit}')
    TORCH_LIBDIR=$(dirname "${cpu:-/usr/lib/x86_64-linux-gnu/libtorch_cpu.so}")
  fi
  export TORCH_LIBDIR
}

# The card's compute capability for TORCH_CUDA_ARCH_LIST (torch's config then skips its detection).
cuda_arch() {
  [ -n "${TORCH_CUDA_ARCH_LIST:-}" ] && { echo "$TORCH_CUDA_ARCH_LIST"; return; }
  if command -v nvidia-smi > /dev/null; then nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2> /dev/null | head -1; fi
}

# C++20 when torch's headers say they need it (else 17, the project's own standard).
torch_cxx_standard() {
  if grep -qsE "C\+\+20 or later|requires C\+\+20|__cplusplus < 202002L" "$TORCH_INCDIR"/c10/macros/Macros.h \
      "$TORCH_INCDIR"/c10/util/C++17.h "$TORCH_INCDIR"/c10/macros/Export.h; then echo 20; else echo 17; fi
}

with_ffmpeg() {
  if command -v pkg-config > /dev/null && pkg-config --exists libavformat libavcodec libswscale libavutil; then echo ON
  else echo OFF; fi
}

# configure_and_build ROUTE STD: one attempt into $BUILD; logs in $BUILD/{configure,build}.log.
configure_and_build() {
  local route=$1 std=$2 arch; arch=$(cuda_arch)
  local args=(-G Ninja -DCMAKE_BUILD_TYPE=Release -DFRAMESMITH_BUILD_GUI=OFF -DFRAMESMITH_BUILD_TESTS=OFF
    -DFRAMESMITH_WITH_FFMPEG="$(with_ffmpeg)" -DCMAKE_CXX_STANDARD="$std"
    -DFRAMESMITH_SENTENCEPIECE_PREFIX="$(deps_root)/usr"
    -DCMAKE_CXX_FLAGS="-D_GLIBCXX_USE_CXX11_ABI=$TORCH_ABI")
  local prefixes="$(deps_root)/usr"
  if [ "$route" = config ]; then
    prefixes="$TORCH_PREFIX;$prefixes"
  else
    args+=(-DFRAMESMITH_TORCH_DIRECT="$TORCH_DIR" -DFRAMESMITH_TORCH_INCLUDE_DIR="$TORCH_INCDIR"
      -DFRAMESMITH_TORCH_LIBRARY_DIR="$TORCH_LIBDIR" -DFRAMESMITH_TORCH_CXX11_ABI="$TORCH_ABI"
      -DFRAMESMITH_TORCH_DEFINITIONS="$TORCH_DEFINITIONS")
  fi
  [ -d /usr/local/cuda/bin ] && export PATH=$PATH:/usr/local/cuda/bin
  rm -rf "$BUILD/CMakeCache.txt" "$BUILD/CMakeFiles"
  mkdir -p "$BUILD"
  local t0=$SECONDS
  TORCH_CUDA_ARCH_LIST=$arch cmake -S "$ROOT" -B "$BUILD" "${args[@]}" -DCMAKE_PREFIX_PATH="$prefixes" \
    > "$BUILD/configure.log" 2>&1 || { BUILD_FAILED=configure; return 1; }
  BUILD_CONFIGURE_S=$((SECONDS - t0))
  local timefile=$BUILD/build.time
  local TIMEFORMAT='%R %U %S'
  # -k 0: a failing build still compiles every other object, so one loan reports every error.
  { time cmake --build "$BUILD" -j"${FRAMESMITH_JOBS:-$(nproc)}" --target $GPU_TARGETS -- -k 0 > "$BUILD/build.log" 2>&1; } \
    2> "$timefile" || { BUILD_FAILED=compile; return 1; }
  read -r BUILD_WALL_S BUILD_USER_S BUILD_SYS_S < "$timefile"
}

# build_gpu: the routes in order until one builds. Sets BUILD_ROUTE, BUILD_STD and the times.
build_gpu() {
  need cmake
  need ninja
  torch_layout
  unpack_deps
  local routes=(config direct) std; std=$(torch_cxx_standard)
  case "${FRAMESMITH_TORCH_ROUTE:-auto}" in config) routes=(config) ;; direct) routes=(direct) ;; esac
  local route
  for route in "${routes[@]}"; do
    BUILD_ROUTE=$route BUILD_STD=$std
    echo "-- build: torch $TORCH_VERSION (CUDA ${TORCH_CUDA:-none}) via its ${route} route, C++$std, arch $(cuda_arch)"
    configure_and_build "$route" "$std" && return 0
    echo "-- build: $route route failed at $BUILD_FAILED (tail of its log):"
    tail -25 "$BUILD/$([ "$BUILD_FAILED" = configure ] && echo configure || echo build).log"
    if [ "$BUILD_FAILED" = compile ] && [ "$std" = 17 ] && grep -qE "C\+\+20|c\+\+20|std=c\+\+2a" "$BUILD/build.log"; then
      BUILD_STD=20
      echo "-- build: torch's headers ask for C++20: again with it"
      configure_and_build "$route" 20 && return 0
    fi
    cp "$BUILD/configure.log" "$OUT/configure-failed.log" 2> /dev/null || true
    if [ "$BUILD_FAILED" = compile ]; then
      # Every error with its context (the build went on past the first), then the log's tail.
      { grep -n -B3 -A12 -E "error:|undefined reference" "$BUILD/build.log" | head -3000
        echo "== tail"; tail -60 "$BUILD/build.log"; } > "$OUT/build-failed.log"
      # The direct route compiles with the same lines (docs/benchmarks.md, "GPU runbook
      # rehearsal"): it is the fallback for a configure failure, not for a compile error.
      break
    fi
  done
  return 1
}

# A hash of what the GPU binaries are built from: a carried prebuilt archive is used only when it
# matches the tree and the torch it was built against.
source_hash() {
  (cd "$ROOT" && { find CMakeLists.txt cmake backend bench/CMakeLists.txt resources/demo-tokenizer -type f -print0
    find bench/gpu -maxdepth 1 -type f \( -name '*.cpp' -o -name '*.h' -o -name CMakeLists.txt \) -print0; } |
    sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)
}

# What quick needs (the full runbook's `build` adds bench_gpu_compare and bench_step_cache).
GPU_TARGETS="framesmith-cli bench_gpu_make_random_model bench_gpu_parity"
GPU_BINARIES="bin/framesmith-cli bin/bench_gpu_make_random_model bin/bench_gpu_parity bin/bench_gpu_compare bin/libframesmith_spbridge.so"

# The binaries, stripped, as one archive in $OUT (a later call with the same tree carries it in
# bench/gpu/stage/prebuilt/ and skips the build).
pack_binaries() {
  local tmp=$WORK/pack
  rm -rf "$tmp" && mkdir -p "$tmp/bin"
  local f
  for f in $GPU_BINARIES; do
    [ -f "$BUILD/$f" ] && cp "$BUILD/$f" "$tmp/$f" && { strip --strip-unneeded "$tmp/$f" 2> /dev/null || true; }
  done
  cp -r "$BUILD/share" "$tmp/share" 2> /dev/null || true
  printf '%s\n' "source $(source_hash)" "torch $TORCH_VERSION ${TORCH_CUDA:-cpu}" "route $BUILD_ROUTE c++$BUILD_STD" \
    > "$tmp/MANIFEST"
  local archive=$OUT/framesmith-gpu-bin.tar.xz
  (cd "$tmp" && tar -cf - MANIFEST bin share | xz -T0 -6 > "$archive")
  echo "$archive: $(du -h "$archive" | cut -f1)"
  [ "$(stat -c %s "$archive")" -lt $((16 << 20)) ] || { split -b 15M "$archive" "$archive.part-" && rm "$archive"; }
}

# A carried archive for this very tree and torch: unpacked into $BUILD; returns 1 otherwise.
use_prebuilt() {
  local archive=$STAGE/prebuilt/framesmith-gpu-bin.tar.xz
  [ -f "$archive" ] || return 1
  local manifest; manifest=$(xz -dc "$archive" | tar -xOf - MANIFEST 2> /dev/null) || return 1
  local want="source $(source_hash)"
  if ! grep -qx "$want" <<< "$manifest" || ! grep -qx "torch $TORCH_VERSION ${TORCH_CUDA:-cpu}" <<< "$manifest"; then
    echo "-- carried binaries are for another tree or torch: building ($(head -2 <<< "$manifest" | tr '\n' ' '))"
    return 1
  fi
  mkdir -p "$BUILD" && xz -dc "$archive" | tar -xf - -C "$BUILD"
  BUILD_ROUTE=prebuilt
  echo "-- build: carried binaries match this tree ($want): not rebuilt"
}
