#!/usr/bin/env bash
# Installs the dependencies (scripts/install-deps.sh) and builds Framesmith into build/.
# Extra arguments go to CMake, e.g. -DCMAKE_PREFIX_PATH=/opt/libtorch for a CUDA libtorch.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/install-deps.sh"
build="${FRAMESMITH_BUILD_DIR:-$root/build}"
export CCACHE_BASEDIR="$root" CCACHE_NOHASHDIR=1
# Precompiled headers (FRAMESMITH_PRECOMPILED_HEADERS) are cached only with this sloppiness.
export CCACHE_SLOPPINESS=${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build "$build" --parallel "$(nproc)"
