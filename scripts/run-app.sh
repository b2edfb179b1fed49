#!/usr/bin/env bash
# Installs, builds, creates the bundled demo model (random weights) once, and launches Framesmith on it.
# Extra arguments go to the app (e.g. --model /path/to/CogVideoX-2b).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bash "$root/scripts/build.sh"
bin="${FRAMESMITH_BUILD_DIR:-$root/build}/bin"
demo="${XDG_DATA_HOME:-$HOME/.local/share}/Framesmith/demo-model"
if [ ! -f "$demo/model_index.json" ]; then
  echo "Creating the demo model (random weights: its clips are noise) in $demo"
  "$bin/framesmith-cli" make-demo-model "$demo"
fi
args=(--model "$demo" "$@")
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "No display found: running under a virtual X server (xvfb-run)."
  exec xvfb-run -a -s "-screen 0 1600x1000x24" "$bin/framesmith" "${args[@]}"
fi
exec "$bin/framesmith" "${args[@]}"
