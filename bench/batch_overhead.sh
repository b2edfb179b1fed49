#!/usr/bin/env bash
# Per-job overhead of `framesmith-cli batch` (one process, one warm Engine) against one
# `framesmith-cli generate --job` process per job, on the demo model, side by side in one run.
# Both write the same clips (mp4 + sidecar) from the same job files; the first batch job pays the
# load like every generate process does, the later ones find the model loaded and the prompt cached.
#   bench/batch_overhead.sh [BUILD_DIR] [JOBS] [ROUNDS]   (defaults: build 6 2)
# STEPS, WIDTH, HEIGHT (environment) size each job: by default the app's quick settings for the demo
# model; STEPS=1 WIDTH=96 HEIGHT=64 leaves mostly the per-job overhead (start, load, export).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
jobs=${2:-6}
rounds=${3:-2}
cli="$build/bin/framesmith-cli"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$cli" make-demo-model "$work/demo" >/dev/null
mkdir -p "$work/jobs"
for i in $(seq 1 "$jobs"); do
  # The app's quick settings for the demo model: the shortest clip, 256 x 160, 8 steps.
  printf '{"model": "%s", "prompt": "a lighthouse at dusk, waves", "frames": 9, "width": %d, "height": %d, "steps": %d, "seed": %d}\n' \
    "$work/demo" "${WIDTH:-256}" "${HEIGHT:-160}" "${STEPS:-8}" "$i" >"$work/jobs/job$i.json"
done
now() { date +%s.%N; }
printf 'round  generate-processes(s/job)  batch(s/job)  ratio\n'
for round in $(seq 1 "$rounds"); do
  rm -rf "$work/out-g" "$work/out-b" && mkdir -p "$work/out-g" "$work/out-b"
  start=$(now)
  for i in $(seq 1 "$jobs"); do
    "$cli" generate --job "$work/jobs/job$i.json" --device cpu --quiet --out "$work/out-g/job$i.mp4" >/dev/null
  done
  separate=$(echo "($(now) - $start) / $jobs" | bc -l)
  start=$(now)
  "$cli" batch "$work/jobs" --device cpu --out-dir "$work/out-b" >/dev/null
  batched=$(echo "($(now) - $start) / $jobs" | bc -l)
  printf '%5d  %26.3f  %12.3f  %5.2f\n' "$round" "$separate" "$batched" "$(echo "$separate / $batched" | bc -l)"
done
