#!/usr/bin/env bash
# Installs, builds and runs the whole CPU test suite (everything but the `gpu` label).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/build.sh"
cd "${FRAMESMITH_BUILD_DIR:-$root/build}"
export QT_QPA_PLATFORM=offscreen
ctest -LE gpu --output-on-failure --parallel 2 "$@"
