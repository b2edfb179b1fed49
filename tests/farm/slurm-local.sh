#!/usr/bin/env bash
# The render farm on a real Slurm: a one-node cluster on this machine (tests/farm/slurm-cluster.sh:
# munged, slurmctld and slurmd as the current user, ports on 127.0.0.1, no GPUs), the demo model,
# and framesmith-cli farm as a studio would use it:
#   1. `farm submit` 6 jobs (--device cpu, 1 step) as one array; wait (bounded) until all end;
#      every clip and sidecar is there and records its job's seed; `farm status` says 6 ok;
#      `farm collect` files the 6 clips into a History folder;
#   2. a second array of long jobs is cancelled (`farm cancel`, i.e. scancel) while two tasks run
#      and two wait: no clip without its sidecar, no temporary file, `farm status` names the cancel
#      for the running tasks (they caught SIGTERM) and the waiting ones.
# The daemons are always stopped: on exit (trap), and by a watchdog in its own session should this
# script be killed outright (ctest's timeout). Needs slurm-wlm and munge (scripts/install-deps.sh).
# usage: tests/farm/slurm-local.sh BUILD_DIR            (KEEP=1 keeps the temporary folder)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=$(cd "${1:?usage: slurm-local.sh BUILD_DIR}" && pwd)
cli="$build/bin/framesmith-cli"
deadline=$((SECONDS + ${FRAMESMITH_SLURM_TEST_BUDGET_S:-420}))
for program in munged slurmctld slurmd sbatch; do
  command -v "$program" >/dev/null || PATH="$PATH:/usr/sbin"
  command -v "$program" >/dev/null || { echo "slurm-local: $program missing: run scripts/install-deps.sh" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/framesmith-slurm.XXXXXX")
source "$here/slurm-cluster.sh"
watchdog=
cleanup() {
  local rc=$?
  cluster_stop
  [ -n "$watchdog" ] && kill "$watchdog" 2>/dev/null || true
  if [ "$rc" -ne 0 ]; then
    echo "slurm-local: FAILED (exit $rc); logs:" >&2
    tail -n 30 "$work"/out*/.farm/*/logs/*.out "$work/cluster/slurmctld.log" "$work/cluster/slurmd.log" 2>/dev/null >&2 || true
  fi
  [ -n "${KEEP:-}" ] && echo "slurm-local: kept $work" || rm -rf "$work"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

step() { echo "== slurm-local $(date -u +%T) $*"; }
fail() { echo "slurm-local: $*" >&2; exit 1; }

# The jobs: the demo model on the CPU, tiny and quick; one thread each (two run side by side).
write_jobs() { # folder steps count [frames]
  mkdir -p "$1"
  for i in $(seq 1 "$3"); do
    cat > "$1/job$i.json" <<EOF
{"model": "$work/model", "prompt": "a lighthouse at dusk, take $i", "frames": ${4:-9}, "width": 96, "height": 64,
 "steps": $2, "seed": $((1000 + i))}
EOF
  done
}

# Waits until no task of the array is pending or running, within the time left.
wait_for_array() { # output-folder
  while "$cli" farm status "$1" | grep -Eq '^  \[[0-9]+\] (pending|running) '; do
    [ "$SECONDS" -lt "$deadline" ] || { "$cli" farm status "$1" >&2; fail "the array did not finish in time"; }
    sleep 2
  done
}

step "demo model, jobs, cluster in $work"
"$cli" make-demo-model "$work/model" > "$work/make-demo.log"
write_jobs "$work/jobs" 1 6
mkdir -p "$work/out" "$work/out-long"
write_jobs "$work/jobs-long" 500 4 49 # long enough to be running when the cancel comes, on any machine
export OMP_NUM_THREADS=1
export FRAMESMITH_DATA_DIR="$work/data" # `farm submit` remembers arrays there: not in the user's own
cluster_start "$work/cluster"
main_pid=$$
# Should this script die without its trap (SIGKILL), the watchdog stops the daemons all the same.
setsid bash -c 'source "$1"; CLUSTER_DIR=$2; export SLURM_CONF=$2/slurm.conf
  while kill -0 "$3" 2>/dev/null; do sleep 2; done; cluster_stop' watchdog "$here/slurm-cluster.sh" \
  "$work/cluster" "$main_pid" > /dev/null 2>&1 < /dev/null &
watchdog=$!
sinfo

step "farm submit: 6 jobs"
array=$("$cli" farm submit "$work/jobs" --partition test --out "$work/out" --gpus-per-job 0 --device cpu)
[[ $array =~ ^[0-9]+$ ]] || fail "farm submit printed '$array', not an array id"
cat "$work"/out/.farm/*/farm.sbatch
wait_for_array "$work/out"
"$cli" farm status "$array" | tee "$work/status.txt"
grep -q '^6 ok, 0 failed, 0 running, 0 pending$' "$work/status.txt" || fail "not every job ended ok"
for i in $(seq 1 6); do
  clip="$work/out/job$i.mp4"
  [ -s "$clip" ] || fail "$clip is missing or empty"
  file "$clip" | grep -q 'MP4\|ISO Media' || fail "$clip is not an MP4: $(file "$clip")"
  grep -q "\"seed\": $((1000 + i))" "$clip.json" || fail "$clip.json does not record seed $((1000 + i))"
done

step "farm collect into a History"
"$cli" farm collect "$work/out" --history "$work/history"
[ "$(ls "$work"/history/history/farm-*.json | wc -l)" -eq 6 ] || fail "collect did not file 6 History entries"
[ "$(ls "$work"/history/clips/farm-*.mp4 | wc -l)" -eq 6 ] || fail "collect did not copy 6 clips"

step "scancel of a running array leaves no half-written output"
array2=$("$cli" farm submit "$work/jobs-long" --partition test --out "$work/out-long" --gpus-per-job 0 --device cpu)
folder2=$(ls -d "$work"/out-long/.farm/*)
until grep -qs '"state": "running"' "$folder2"/state/*.json; do
  [ "$SECONDS" -lt "$deadline" ] || fail "no task of the second array started"
  sleep 1
done
sleep 3 # into the denoising steps
"$cli" farm cancel "$array2"
while [ -n "$(squeue -h -j "$array2" -o %i 2>/dev/null)" ]; do
  [ "$SECONDS" -lt "$deadline" ] || fail "the cancelled array did not leave the queue"
  sleep 1
done
"$cli" farm status "$work/out-long" | tee "$work/status-long.txt"
# Every job ended: a task that finished before the cancel is ok (its clip whole), the others failed.
grep -Eq '^[0-9] ok, [0-9] failed, 0 running, 0 pending$' "$work/status-long.txt" || fail "jobs still pending or running"
grep -q 'stopped by Slurm (scancel or the time limit)' "$work/status-long.txt" || fail "no running task reports the cancel"
grep -q 'left the queue without starting' "$work/status-long.txt" || fail "no pending task reports the cancel"
leftovers=$(find "$work/out-long" -maxdepth 1 -name '*.tmp-*')
[ -z "$leftovers" ] || fail "temporary files left: $leftovers"
for clip in "$work"/out-long/*.mp4; do
  [ -e "$clip" ] || continue # none finished: the usual case
  [ -s "$clip" ] && [ -s "$clip.json" ] || fail "$clip is half-written (no sidecar or empty)"
done
step "passed"
