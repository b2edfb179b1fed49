# A one-node Slurm cluster in a temporary folder, for tests (sourced, not run):
#   source tests/farm/slurm-cluster.sh; cluster_start DIR; ...; cluster_stop
# munged (its own key and socket), slurmctld and slurmd run as the current user (root in CI, any
# user elsewhere: SlurmUser and SlurmdUser are that user, so no daemon needs root), listening on
# free ports of 127.0.0.1; no GPUs, CPUs from nproc, no accounting database (sacct has nothing:
# `farm status` then reads squeue and each task's state file). After cluster_start, SLURM_CONF
# points every Slurm client (sbatch, squeue, scancel) at this cluster. cluster_stop ends the
# three daemons by their pids and is safe to call twice (the caller traps it on EXIT).

cluster_free_port() {
  local port
  for _ in $(seq 1 50); do
    port=$((20000 + RANDOM % 20000))
    ss -Htln "sport = :$port" 2>/dev/null | grep -q . || { echo "$port"; return 0; }
  done
  echo "slurm-cluster: no free port found" >&2
  return 1
}

cluster_write_conf() {
  local dir=$1 user=$2 ctld_port=$3 slurmd_port=$4
  cat > "$dir/slurm.conf" <<EOF
ClusterName=framesmith-test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.txt
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
KillWait=10
InactiveLimit=0
MinJobAge=300
NodeName=localhost NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
}

cluster_start() {
  CLUSTER_DIR=$1
  local user ctld_port slurmd_port
  user=$(id -un)
  mkdir -p "$CLUSTER_DIR"/{munge,state,spool}
  chmod 700 "$CLUSTER_DIR/munge"
  head -c 1024 /dev/urandom > "$CLUSTER_DIR/munge/munge.key"
  chmod 400 "$CLUSTER_DIR/munge/munge.key"
  # --force: munged otherwise insists on its system folders' owners and modes.
  munged --force --socket="$CLUSTER_DIR/munge/munge.socket" --key-file="$CLUSTER_DIR/munge/munge.key" \
    --pid-file="$CLUSTER_DIR/munge/munged.pid" --log-file="$CLUSTER_DIR/munge/munged.log" \
    --seed-file="$CLUSTER_DIR/munge/munged.seed" || { echo "slurm-cluster: munged did not start" >&2; return 1; }
  ctld_port=$(cluster_free_port) && slurmd_port=$(cluster_free_port) || return 1
  cluster_write_conf "$CLUSTER_DIR" "$user" "$ctld_port" "$slurmd_port"
  export SLURM_CONF="$CLUSTER_DIR/slurm.conf"
  slurmctld -i -f "$SLURM_CONF" || { cat "$CLUSTER_DIR/slurmctld.log" >&2; return 1; }
  slurmd -N localhost -f "$SLURM_CONF" || { cat "$CLUSTER_DIR/slurmd.log" >&2; return 1; }
  # The node must register before jobs can start.
  local waited=0
  until sinfo -h -N -o '%T' 2>/dev/null | grep -Eq '^(idle|mixed|allocated)'; do
    sleep 1
    waited=$((waited + 1))
    if [ "$waited" -ge 60 ]; then
      echo "slurm-cluster: the node did not come up in 60 s" >&2
      sinfo -N >&2 || true
      tail -n 20 "$CLUSTER_DIR/slurmctld.log" "$CLUSTER_DIR/slurmd.log" >&2 || true
      return 1
    fi
  done
}

cluster_stop_pidfile() {
  local file=$1 pid
  [ -f "$file" ] || return 0
  pid=$(cat "$file")
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.2
  done
  kill -9 "$pid" 2>/dev/null || true
}

# Job steps (slurmstepd) outlive a stopped slurmd; they are this cluster's when they hold one of
# its files open (its log), so only those are ended, by pid.
cluster_stop_steps() {
  local fd pid
  for fd in /proc/[0-9]*/fd/*; do
    case $(readlink "$fd" 2>/dev/null) in
      "$CLUSTER_DIR"/*) pid=${fd#/proc/}; pid=${pid%%/*}
        [ "$pid" != "$$" ] && kill -9 "$pid" 2>/dev/null || true ;;
    esac
  done
}

cluster_stop() {
  [ -n "${CLUSTER_DIR:-}" ] || return 0
  # Cancel what still runs and give it a moment to end before the daemons go.
  if [ -n "$(squeue -h -o %i 2>/dev/null)" ]; then
    scancel --full --quiet --partition=test 2>/dev/null || true
    for _ in $(seq 1 30); do
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.5
    done
  fi
  cluster_stop_pidfile "$CLUSTER_DIR/slurmd.pid"
  cluster_stop_pidfile "$CLUSTER_DIR/slurmctld.pid"
  cluster_stop_pidfile "$CLUSTER_DIR/munge/munged.pid"
  cluster_stop_steps
  CLUSTER_DIR=
}
